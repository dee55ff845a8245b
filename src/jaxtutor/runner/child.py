"""The untrusted side: a child process that imports JAX, runs the learner's file and
answers requests with plain data. It never judges anything; the trusted side does.

Started as `python -m jaxtutor.runner.child REQUEST_FD RESULT_FD`. It imports JAX at
once (so a warm child is ready before the learner presses "check"), says "ready", then
serves: load, call, structure, exit.
"""

from __future__ import annotations

import linecache
import os
import sys
import traceback

import numpy as np

from jaxtutor.runner import wire

_MAX_MESSAGE = 4000
_LEARNER = {}  # filename and the learner's function, set by load


def _learner_frames(tb) -> list[dict]:
    """The frames of the learner's own file: the runner's and JAX's are hidden."""
    filename = _LEARNER.get("filename")
    frames = [{"line": f.lineno, "function": f.name, "text": (f.line or "").strip()}
              for f in traceback.extract_tb(tb) if f.filename == filename]
    if len(frames) > 8:  # deep recursion: the first and the last few tell the story
        frames = frames[:3] + [{"line": 0, "function": "...", "text": f"{len(frames) - 6} more"}] + frames[-3:]
    return frames


def _error(kind: str, exc: BaseException) -> dict:
    message = str(exc)
    if len(message) > _MAX_MESSAGE:
        message = message[:_MAX_MESSAGE] + " ..."
    reply = {"ok": False, "kind": kind, "type": type(exc).__name__, "message": message,
             "frames": _learner_frames(exc.__traceback__)}
    if isinstance(exc, SyntaxError):
        reply.update(line=exc.lineno, column=exc.offset, text=(exc.text or "").rstrip("\n"),
                     message=exc.msg)
    return reply


def _to_jax(value):
    """Arrays from the trusted side become jax.Arrays; floats take JAX's default width
    (float32, or float64 when the learner turned on x64)."""
    import jax.numpy as jnp

    if isinstance(value, np.ndarray):
        dtype = jnp.result_type(float) if value.dtype.kind == "f" else None
        return jnp.asarray(value, dtype=dtype)
    if isinstance(value, tuple):
        return tuple(_to_jax(v) for v in value)
    if isinstance(value, list):
        return [_to_jax(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_jax(v) for k, v in value.items()}
    return value


def _load(request: dict) -> dict:
    filename = request["filename"]
    _LEARNER["filename"] = filename
    # so tracebacks can quote the learner's lines
    linecache.cache[filename] = (len(request["source"]), None,
                                 request["source"].splitlines(True), filename)
    try:
        code = compile(request["source"], filename, "exec")
    except SyntaxError as exc:
        return _error("syntax", exc)
    namespace = {"__name__": "__learner__", "__file__": filename}
    try:
        exec(code, namespace)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt are the learner's too
        return _error("exception", exc)
    fn = namespace.get(request["function"])
    if not callable(fn):
        found = sorted(k for k, v in namespace.items() if callable(v) and not k.startswith("_")
                       and getattr(v, "__module__", None) == "__learner__")
        return {"ok": False, "kind": "missing", "found": found,
                "what": None if fn is None else type(fn).__name__}
    _LEARNER["function"] = fn
    return {"ok": True}


def _call(request: dict) -> dict:
    import jax

    results = []
    for args in wire.decode_value(request["calls"]):
        try:
            value = _LEARNER["function"](*_to_jax(args))
            value = jax.block_until_ready(value)
            results.append({"ok": True, "value": wire.encode_value(value, np.asarray)})
        except BaseException as exc:
            results.append(_error("exception", exc))
    return {"ok": True, "results": results}


def _sub_jaxprs(eqn):
    for param in eqn.params.values():
        for item in param if isinstance(param, (tuple, list)) else (param,):
            inner = getattr(item, "jaxpr", item)
            if hasattr(inner, "eqns") and hasattr(inner, "invars"):
                yield inner


def _walk(jaxpr, tainted: set, report: dict) -> None:
    """Collect primitive names and, for each scan, whether it scans over data derived
    from the inputs we care about. Taint follows the data through every equation and
    into nested jaxprs (jit, cond branches, custom_jvp, checkpoint, scan bodies)."""
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        report["primitives"].add(name)
        ins = [not hasattr(v, "val") and v in tainted for v in eqn.invars]  # literals have .val
        if name == "scan":
            start = eqn.params["num_consts"] + eqn.params["num_carry"]
            report["scans"].append({"over_inputs": any(ins[start:]),
                                    "reverse": bool(eqn.params.get("reverse"))})
        operands = ins[1:] if name == "cond" else ins
        for inner in _sub_jaxprs(eqn):
            inner_taint = set()
            if len(inner.invars) == len(operands):
                inner_taint = {v for v, t in zip(inner.invars, operands) if t}
            _walk(inner, inner_taint, report)
        if any(ins):
            tainted.update(eqn.outvars)


def _structure(request: dict) -> dict:
    import jax

    args = _to_jax(wire.decode_value(request["args"]))
    try:
        closed = jax.make_jaxpr(_LEARNER["function"])(*args)
    except BaseException as exc:
        return _error("exception", exc)
    flat_in = []
    for i, arg in enumerate(args):
        flat_in += [i in request["watch"]] * len(jax.tree_util.tree_leaves(arg))
    jaxpr = closed.jaxpr
    tainted = {v for v, t in zip(jaxpr.invars, flat_in) if t}
    report = {"primitives": set(), "scans": []}
    _walk(jaxpr, tainted, report)
    return {"ok": True, "primitives": sorted(report["primitives"]), "scans": report["scans"]}


_HANDLERS = {"load": _load, "call": _call, "structure": _structure}


def main() -> None:
    request_fd, result_fd = int(sys.argv[1]), int(sys.argv[2])
    import jax  # noqa: F401  the whole point of a warm child: pay for this before the job
    import jax.numpy  # noqa: F401

    wire.write_frame(result_fd, {"ok": True, "ready": True})
    while True:
        try:
            request = wire.read_frame(request_fd)
        except EOFError:
            os._exit(0)
        handler = _HANDLERS.get(request.get("op"))
        if handler is None:
            os._exit(0)
        reply = handler(request)
        reply["id"] = request.get("id")
        wire.write_frame(result_fd, reply)


if __name__ == "__main__":
    main()
