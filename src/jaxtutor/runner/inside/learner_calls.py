"""The learner's function called and exported, inside the jail: the "call" and "export"
requests. Calls run under jit (compiles.py) unless that would change what the learner
sees (purity.py); exports are traced and lowered here, and judged elsewhere."""

from __future__ import annotations

import contextlib
import re

import numpy as np

from jaxtutor.runner import wire
from jaxtutor.runner.inside import compiles, learner_file, prints, progress, purity


def to_jax(calls: list) -> list:
    """Every call's arrays from the trusted side become jax.Arrays, in one device_put
    for all of them (one per array cost a quarter of a millisecond each: most of a
    check of dozens of cases); floats take JAX's default width (float32, or float64
    when the learner turned on x64). Python numbers stay Python numbers."""
    import jax
    import jax.numpy as jnp

    width = jnp.result_type(float)
    arrays: list[np.ndarray] = []

    def cast(value):
        # cast in numpy and device_put: jnp.asarray compiles a small program per shape
        if isinstance(value, np.ndarray):
            arrays.append(value.astype(width) if value.dtype.kind == "f" else value)
            return _Slot(len(arrays) - 1)
        if isinstance(value, tuple):
            return tuple(cast(v) for v in value)
        if isinstance(value, list):
            return [cast(v) for v in value]
        if isinstance(value, dict):
            return {k: cast(v) for k, v in value.items()}
        return value

    shaped = [cast(call) for call in calls]
    placed = jax.device_put(arrays)

    def fill(value):
        if isinstance(value, _Slot):
            return placed[value.index]
        if isinstance(value, tuple):
            return tuple(fill(v) for v in value)
        if isinstance(value, list):
            return [fill(v) for v in value]
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return value

    return [fill(call) for call in shaped]


class _Slot:
    """Where an array goes back into its call, once all of them are on the device."""

    def __init__(self, index: int):
        self.index = index


def _run(fn, args) -> dict:
    import jax

    try:
        value = jax.block_until_ready(fn(*args))
        return {"ok": True, "value": wire.encode_value(value, np.asarray)}
    except BaseException as exc:  # SystemExit and KeyboardInterrupt are the learner's too
        return learner_file.error("exception", exc)


def _raises_while_tracing(state: dict, static: tuple, args) -> bool:
    """Whether the learner's function raises while jit traces it, before any value
    exists: then every call of that input signature raises the same (a starter's
    NotImplementedError), and tracing it again for each of dozens of cases, with JAX's
    traceback filtering, cost most of a check."""
    try:
        with prints.quiet():
            compiles.jitted(state, static).trace(*args)
    except BaseException:
        return True
    return False


def _signature(error: dict) -> tuple:
    """An error's type and where in the learner's code: its message may differ under jit
    (tracers where values were), so the first of each kind is always a plain call's."""
    return error["type"], tuple(frame["line"] for frame in error["frames"])


def call(request: dict) -> dict:
    """Answer every call. The learner's function is jitted, so it is traced and compiled
    once per distinct input signature (jit's cache groups the cases), not op by op for
    each case. jit must never change what the learner sees:
    - a function that keeps a traced value between calls (say, the first batch it saw,
      in a global) would have that bug hidden by jit's cache, and one that changes
      Python state (counts its calls, draws from np.random) would do so once per shape,
      so after each trace the learner's globals are searched for a tracer and compared
      with what they were (`purity.state`); either reloads the learner's file and runs
      every call plainly, with a note;
    - Python ints are static arguments, or traced once a second value comes and the
      function allows it (`compiles.decide_ints`);
    - when a jitted call raises an error jit may have caused (`_about_tracers`), the
      call is run again plainly and that result counts; when the plain call then works,
      the function cannot be traced, and the remaining calls run plainly with a note."""
    learner = learner_file.LEARNER
    state = learner["jit"]
    results, note = [], None
    arguments = to_jax(wire.decode_value(request["calls"]))
    ahead = to_jax(wire.decode_value(request["ahead"])) if "ahead" in request else []
    compiles.decide_ints(state, arguments + ahead)

    def signed(arguments: list) -> list[tuple]:
        return [
            (args, static, compiles.input_signature(args, static))
            for args, static in ((args, compiles.static(state, args)) for args in arguments)
        ]

    calls = signed(arguments)
    compiles.compile_side_by_side(state, calls, signed(ahead))
    untraceable = state.setdefault("untraceable", {})
    for n, (args, static, signature) in enumerate(calls):
        if state["plain"]:
            results.append(_run(state["fn"], args))
            continue
        if signature in untraceable:
            results.append(untraceable[signature])
            continue
        with prints.quiet() if signature in state["seen"] else contextlib.nullcontext():
            # jit() itself may refuse
            result = _run(lambda *a, static=static: compiles.jitted(state, static)(*a), args)
        if signature not in state["seen"]:  # this call traced the function
            state["seen"].add(signature)
            # under jit the learner's Python runs only while it traces: a trace that
            # left something behind means jit would change what the function does, so
            # its file runs again from the start, without jit
            if (left := purity.left_behind(learner)) is not None:
                learner_file.reload()
                state.update(fn=learner["function"], plain=True)
                note = left
                compiles.compile_side_by_side(state, calls[n:])
                results.append(_run(state["fn"], args))
                continue
        if (
            result["ok"]
            or result["frames"]
            and (_signature(result) in state["confirmed"] or not _about_tracers(result))
        ):
            if not result["ok"] and _raises_while_tracing(state, static, args):
                untraceable[signature] = result
            results.append(result)
            continue
        plain = _run(state["fn"], args)  # what the learner's code really does, with its own frames
        if plain["ok"]:
            state["plain"] = True
            note = wire.NOT_TRACEABLE.format(error=result["type"])
            compiles.compile_side_by_side(state, calls[n + 1 :])
        else:
            state["confirmed"].add(_signature(plain))
        results.append(plain)
    # each case a run of its own: op by op, or compiled anew for each value of a Python
    # int that cannot be traced (a `seed or 42`: a compile per seed)
    costly = state["plain"] or state["ints"] is False
    reply = {"ok": True, "results": results, "costly": costly}
    if note:
        reply["note"] = note
    return reply


# XLA compiles seen since the listener was registered (the learner's process is one
# check's: the count is read before and after the calls it measures)
_COMPILES = {"n": 0, "listening": False}
_BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"


def _count(event: str, *_, **__) -> None:
    if event == _BACKEND_COMPILE:
        _COMPILES["n"] += 1


def count_compiles(request: dict) -> dict:
    """Call the learner's function as it is (no jit of the runner's around it) on each
    argument tuple, and count the XLA compiles after the first call: every jitted object
    the function makes or calls counts, so a jitted closure made anew on each call
    compiles each time. The learner's code runs here and could fake the count: it only
    ever fails an answer, never passes one (the exported program is judged elsewhere)."""
    import jax

    if not _COMPILES["listening"]:
        jax.monitoring.register_event_duration_secs_listener(_count)
        _COMPILES["listening"] = True
    arguments = to_jax(wire.decode_value(request["calls"]))
    fn = learner_file.LEARNER["function"]
    before = _COMPILES["n"]
    with prints.quiet():
        for n, args in enumerate(arguments):
            if n == 1:
                before = _COMPILES["n"]
            result = _run(fn, args)
            if not result["ok"]:
                return {"ok": True, "compiles": None}
    after = _COMPILES["n"]
    return {"ok": True, "compiles": after - before}


def _about_tracers(error: dict) -> bool:
    """Whether a jitted call's error may be jit's own: one of JAX's tracer errors (a
    plain call may work: `float(x)`, an `if` on a value), or a message that shows a
    tracer where a plain call would show values. Any other error, raised in the
    learner's line, is the one a plain call raises (a grad of a vector, a wrong shape,
    the starter's NotImplementedError), and running it again op by op would cost a
    slow plain run for nothing."""
    import jax

    return (
        error["type"] in {n for n in dir(jax.errors) if not n.startswith("_")}
        or re.search(r"Trac(er|ed<)", error["message"]) is not None
    )


def export(request: dict) -> dict:
    """Export the learner's function (traced and lowered, not compiled) once per
    argument tuple, as jit would run it. The programs are checked and run by a process
    that never loaded this file: nothing here is taken on trust.

    What the tutor cannot check is said instead, as a "limit" reply (wire.clean_limit),
    with what was measured: a host callback in the trace (its Python cannot go with the
    program), or a program over the tutor's size limit (with its constants' share)."""
    import base64

    import jax

    learner = learner_file.LEARNER
    programs = []
    for args in to_jax(wire.decode_value(request["calls"])):
        key = compiles.input_signature(args, wire.static_positions(args))
        if key in learner["exported"]:  # a step-by-step replay asks again for a shape done
            programs.append(learner["exported"][key])
            continue
        jitted = jax.jit(
            learner["function"], static_argnums=wire.static_positions(args), keep_unused=True
        )
        dropped = []
        progress.say("trace")
        try:  # the learner's Python runs here, once (jit keeps the trace for the export)
            traced = jitted.trace(*args)
        except BaseException as exc:  # the learner's, like a call's
            programs.append(learner_file.error("exception", exc))
            continue
        seen = traced_facts(traced.jaxpr)
        if "primitive" in seen:
            return {"ok": False, "kind": "limit", "limit": "callback", **seen}
        progress.say("lower", ops=seen["ops"], constant_bytes=seen["constant_bytes"])
        try:
            with prints.debug_prints_dropped(dropped):
                exported = jax.export.export(jitted)(*args)
            tree = jax.tree_util.tree_unflatten(
                exported.out_tree, list(range(len(exported.out_avals)))
            )
        except BaseException as exc:  # the learner's, like a call's
            programs.append(learner_file.error("exception", exc))
            continue
        if (size := len(exported.mlir_module_serialized)) > wire.MAX_PROGRAM:
            return {"ok": False, "kind": "limit", "limit": "program", "bytes": size, **seen}
        # whether its trace left nothing behind: then a call under jit would do just
        # what this program does, and the trusted side may run the program for the
        # answers instead of asking for calls (see `call`)
        programs.append(
            {
                "ok": True,
                "tree": wire.encode_value(tree),
                "prints": bool(dropped),
                "pure": purity.left_behind(learner) is None,
                "module": base64.b64encode(exported.mlir_module_serialized).decode(),
            }
        )
        learner["exported"][key] = programs[-1]
    return {"ok": True, "programs": programs}


def traced_facts(closed) -> dict:
    """What a trace (a ClosedJaxpr) holds, measured: the operations its program will
    have (`ops`: nested ones included, a scan's body once per copy its `unroll` makes);
    the bytes of its constants, the arrays it closed over (`constant_bytes`), and the
    largest of them (`largest`, `largest_bytes`); and the first host callback in it
    (`primitive`), if any. jax.debug's callbacks are not counted: an export drops them
    (prints.debug_prints_dropped)."""
    # ClosedJaxpr and Jaxpr, the trace's own types: jax.extend, which exports them,
    # imports all of its modules (pallas among them), 0.1 s in every learner's process
    closed_type, open_type = type(closed), type(closed.jaxpr)
    found = {"ops": 0, "constant_bytes": 0, "largest_bytes": 0}
    seen = set()

    def constants(values) -> None:
        for value in values:
            if id(value) in seen:  # an array closed over twice is stored once
                continue
            seen.add(id(value))
            size = int(getattr(value, "nbytes", 0) or 0)
            found["constant_bytes"] += size
            if size > found["largest_bytes"]:
                found["largest_bytes"] = size
                shape = ",".join(map(str, getattr(value, "shape", ())))
                found["largest"] = f"{getattr(value, 'dtype', 'array')}[{shape}]"

    def ops(jaxpr) -> int:
        if isinstance(jaxpr, closed_type):
            constants(jaxpr.consts)
            jaxpr = jaxpr.jaxpr
        count = 0
        for eqn in jaxpr.eqns:
            count += 1
            if eqn.primitive.name in wire.CALLBACKS and "primitive" not in found:
                found["primitive"] = eqn.primitive.name
            unroll = eqn.params.get("unroll") if eqn.primitive.name == "scan" else 1
            length = eqn.params.get("length") or 1
            copies = length if unroll is True else max(1, min(int(unroll or 1), length))
            for value in eqn.params.values():
                for inner in value if isinstance(value, (tuple, list)) else (value,):
                    if isinstance(inner, (closed_type, open_type)):
                        count += copies * ops(inner)
        return count

    found["ops"] = ops(closed)
    return found
