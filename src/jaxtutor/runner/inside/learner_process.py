"""The untrusted side: the jailed process that imports JAX, runs the learner's file and
answers requests with plain data. It never judges anything; the trusted side does.

Started as `python -P -m jaxtutor.runner.inside.learner_process REQUEST_FD RESULT_FD
LIFELINE_FD SPEC`, or forked by the fork server (forkserver.py); either way it imports JAX, is jailed
(jail.py) and calls `run`. It reads the run's nonce (the first frame),
hides its pipe ends from the learner's code, imports JAX at once unless it already has
(so a warm child is ready before the learner presses "check"), says "ready", then serves:
load, call, export, verify (see verify.py), exit. Every reply carries the request's id,
the nonce and the CPU time the process has used.
"""

from __future__ import annotations

import collections
import contextlib
import fcntl
import json
import linecache
import os
import re
import resource
import secrets
import sys
import threading
import time
import traceback
import types

import numpy as np

# imported here, not when needed: the jail hides the jaxtutor package from the run
from jaxtutor.runner.inside import jail, verify
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
    try:
        message = str(exc)
    except BaseException:  # the learner's own exception class may refuse to print
        message = "(this exception's message could not be shown)"
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
    import jax
    import jax.numpy as jnp

    if isinstance(value, np.ndarray):
        # cast in numpy and device_put: jnp.asarray compiles a small program per shape
        if value.dtype.kind == "f":
            value = value.astype(jnp.result_type(float))
        return jax.device_put(value)
    if isinstance(value, tuple):
        return tuple(_to_jax(v) for v in value)
    if isinstance(value, list):
        return [_to_jax(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_jax(v) for k, v in value.items()}
    return value


def _namespace() -> dict:
    """A fresh module namespace for the learner's file (load looks for its functions by
    this module name)."""
    return {"__name__": "__learner__", "__file__": _LEARNER["filename"]}


def _load(request: dict) -> dict:
    filename = request["filename"]
    _LEARNER["filename"] = filename
    # so tracebacks can quote the learner's lines
    linecache.cache[filename] = (len(request["source"]), None,
                                 request["source"].splitlines(True), filename)
    key = (request["source"], filename, request["function"])
    if key in _LOADED:
        _LEARNER.update(_LOADED[key])  # what it compiled is there for its new cases
        if _state() == _LEARNER["state"]:  # its calls changed nothing it keeps
            return {"ok": True}
    try:
        code = compile(request["source"], filename, "exec")
    except SyntaxError as exc:
        return _error("syntax", exc)
    namespace = _namespace()
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
    _LEARNER.update(function=fn, code=code, name=request["function"], namespace=namespace,
                    jit=_jit_state(fn), exported={})
    _LEARNER["state"] = _state()
    _LOADED[key] = dict(_LEARNER)
    while len(_LOADED) > 64:
        del _LOADED[next(iter(_LOADED))]
    return {"ok": True}


# The programs a trusted child ran (the reference, the mutants), by source: loaded again
# (the next check's hidden cases), one whose calls left its Python state as it was
# (`_state`) is not run afresh, so what it compiled serves again. A learner's child
# loads one file, once.
_LOADED: dict[tuple, dict] = {}


# Cheaper compiles, paid once per shape on every check, while a tutorial's tiny arrays
# run in microseconds either way: less LLVM optimisation; XLA's older CPU fusion
# emitters, which compile a small program in about half the time of the MLIR-based ones;
# and its machine code made in one piece, not split into parts for threads, each with a
# target machine of its own (capstone's program, first compile in a process: 160 ms
# against 186; see docs/performance.md). Measured with jaxlib 0.10.2, which pyproject
# pins: an unknown flag aborts XLA.
# Set before JAX starts; a flag the user set wins.
_CHEAPER_COMPILES = {"xla_backend_optimization_level": "0", "xla_cpu_use_fusion_emitters": "false",
                     "xla_cpu_parallel_codegen_split_count": "1"}
_FLAGS = os.environ.get("XLA_FLAGS", "")
os.environ["XLA_FLAGS"] = " ".join([_FLAGS, *(f"--{k}={v}" for k, v in _CHEAPER_COMPILES.items()
                                              if k not in _FLAGS)]).strip()

_static_positions = wire.static_positions


def _jit_state(fn) -> dict:
    """jit state for a loaded function: its jitted versions (one per set of static
    positions), the input signatures already checked for leaked tracers, whether it
    must run plainly, and the errors (type and learner lines) that jit and a plain call
    both raised: jit's report of those is trusted from then on; whether its Python int
    arguments are traced (None: not known yet) and the values they had so far, by
    input signature (see `_decide_ints`)."""
    return {"fn": fn, "jitted": {}, "seen": set(), "plain": False, "confirmed": set(),
            "ints": None, "int_values": {}}


def _static(state: dict, args: tuple) -> tuple[int, ...]:
    """The positions jit keeps as Python values (`wire.static_positions`), less the
    Python ints once `_decide_ints` has found that they can be traced."""
    static = _static_positions(args)
    return tuple(i for i in static if type(args[i]) is not int) if state["ints"] else static


def _decide_ints(state: dict, calls: list[tuple]) -> None:
    """Whether the function's Python int arguments can be traced, decided when a second
    value would be a second compile (a seed: run as written, op by op, every seed
    shared the same compiled operations). Only if the function traces both ways: with
    Python ints (so a method an int lacks, such as `x.astype`, still fails as written)
    and with traced ones (so an int that sets a shape or a loop's length stays a Python
    value). One value alone keeps them static: a probe would cost a trace for nothing."""
    if state["ints"] is not None:
        return
    values: dict[tuple, set] = {}
    for args in calls:
        static = _static_positions(args)
        traced = tuple(i for i in static if type(args[i]) is not int)
        if traced == static:
            continue
        erased = _input_signature(args, traced)  # the same for every value of the ints
        values.setdefault(erased, set(state["int_values"].get(erased, ()))).add(
            tuple(args[i] for i in static if i not in traced))
        if len(values[erased]) > 1:
            state["ints"] = _traces(state, args, static, quiet=True) and \
                _traces(state, args, traced, quiet=False)
            return
    state["int_values"].update(values)


def _traces(state: dict, args: tuple, static: tuple[int, ...], quiet: bool) -> bool:
    try:
        with _quiet() if quiet else contextlib.nullcontext():
            _jitted(state, static).trace(*args)
        return True
    except BaseException:  # the learner's: the call itself reports it
        return False


def _input_signature(args, static: tuple[int, ...]) -> tuple:
    """What jit traces for: the values of the static arguments; the others' trees and
    each leaf's shape and dtype (or the kind of Python number)."""
    import jax

    def leaf(a):
        return (tuple(a.shape), str(a.dtype)) if hasattr(a, "shape") else (type(a).__name__,)

    return tuple(("static", repr(a)) if i in static else
                 (jax.tree_util.tree_structure(a), tuple(map(leaf, jax.tree_util.tree_leaves(a))))
                 for i, a in enumerate(args))


def _jitted(state: dict, static: tuple[int, ...]):
    import jax

    if static not in state["jitted"]:
        state["jitted"][static] = jax.jit(state["fn"], static_argnums=static)
    return state["jitted"][static]


def _run(fn, args) -> dict:
    import jax

    try:
        value = jax.block_until_ready(fn(*args))
        return {"ok": True, "value": wire.encode_value(value, np.asarray)}
    except BaseException as exc:  # SystemExit and KeyboardInterrupt are the learner's too
        return _error("exception", exc)


# How long a child waits for a job before it warms up. A pool forks a child's
# replacement as the check begins; warming up later leaves that check the CPU (on two
# cores the overlap cost has_aux's warm check about 15 ms), and in `grade`, where the
# next job comes sooner, a child is taken before it spends anything on a warm-up.
_IDLE_BEFORE_WARM_UP_MS = 500


def _warm_up_if_idle(request_fd: int) -> None:
    """A child waiting in a pool pays jit's one-time setup (~70 ms) and more before its
    check. A cold check's request is already on its way, so it is never delayed by this."""
    import select

    poll = select.poll()  # not select(): the pipe was moved above 1024
    poll.register(request_fd, select.POLLIN)
    if poll.poll(_IDLE_BEFORE_WARM_UP_MS):
        return
    import jax
    import jax.numpy as jnp

    # what the course exercises: value_and_grad with aux over a dict of parameters, and
    # a scan, under jit. Beyond jit's setup this brings in the code and (in a forked
    # child, copy-on-write) the memory a learner's trace touches: has_aux's and
    # scan_training_step's warm checks are about 10 ms faster than after a one-op warm-up
    def loss(params, x, y):
        z = jnp.tanh(x @ params["w"] + params["b"])
        return jnp.mean(jnp.logaddexp(0.0, -y * z)), jnp.mean(z > 0)

    def train(params, xs, ys):
        def step(params, batch):
            (value, aux), grads = jax.value_and_grad(loss, has_aux=True)(params, *batch)
            return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), (value, aux)
        return jax.lax.scan(step, params, (xs, ys))

    params = {"w": jnp.ones(3), "b": jnp.zeros(())}
    jax.block_until_ready(jax.jit(train)(params, jnp.ones((2, 4, 3)), jnp.ones((2, 4))))
    if poll.poll(0):  # a job came meanwhile: it goes first
        return

    # and what the course's second half adds, exported as six lessons' checks are
    # (jax.export: traced and lowered, not compiled): an epoch shuffled from a traced
    # seed, a gather, per-example gradients through vmap. capstone_training_run's warm
    # checks: medians 267 and 245 ms against 319 and 351 (its solution, and a correct
    # file written another way; four runs of five each, alternately)
    def epochs(seeds, w, x, y):
        def epoch(w, seed):
            order = jax.random.permutation(jax.random.key(seed), x.shape[0])
            grads = jax.vmap(jax.grad(lambda w, xi, yi: (jnp.dot(w, xi) - yi) ** 2),
                             in_axes=(None, 0, 0))(w, x[order], y[order])
            scale = jnp.minimum(1.0, 1.0 / jnp.sqrt(jnp.sum(grads ** 2, axis=1, keepdims=True)))
            return w - 0.1 * jnp.mean(grads * scale, axis=0), None
        return jax.lax.scan(epoch, w, seeds)

    jax.export.export(jax.jit(epochs))(jnp.arange(2), jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4))


def _signature(error: dict) -> tuple:
    """An error's type and where in the learner's code: its message may differ under jit
    (tracers where values were), so the first of each kind is always a plain call's."""
    return error["type"], tuple(frame["line"] for frame in error["frames"])


def _call(request: dict) -> dict:
    """Answer every call. The learner's function is jitted, so it is traced and compiled
    once per distinct input signature (jit's cache groups the cases), not op by op for
    each case. jit must never change what the learner sees:
    - a function that keeps a traced value between calls (say, the first batch it saw,
      in a global) would have that bug hidden by jit's cache, and one that changes
      Python state (counts its calls, draws from np.random) would do so once per shape,
      so after each trace the learner's globals are searched for a tracer and compared
      with what they were (`_state`); either reloads the learner's file and runs every
      call plainly, with a note;
    - Python ints are static arguments, or traced once a second value comes and the
      function allows it (`_decide_ints`);
    - when a jitted call raises an error jit may have caused (`_about_tracers`), the
      call is run again plainly and that result counts; when the plain call then works,
      the function cannot be traced, and the remaining calls run plainly with a note."""
    state = _LEARNER["jit"]
    results, note = [], None
    arguments = list(map(_to_jax, wire.decode_value(request["calls"])))
    ahead = wire.decode_value(request["ahead"]) if "ahead" in request else []
    _decide_ints(state, arguments + list(map(_to_jax, ahead)))
    calls = [(args, static, _input_signature(args, static))
             for args, static in ((args, _static(state, args)) for args in arguments)]
    _compile_side_by_side(state, calls)
    for n, (args, static, signature) in enumerate(calls):
        if state["plain"]:
            results.append(_run(state["fn"], args))
            continue
        with _quiet() if signature in state["seen"] else contextlib.nullcontext():
            result = _run(lambda *a: _jitted(state, static)(*a), args)  # jit() itself may refuse
        if signature not in state["seen"]:  # this call traced the function
            state["seen"].add(signature)
            # under jit the learner's Python runs only while it traces: a trace that
            # left something behind means jit would change what the function does, so
            # its file runs again from the start, without jit
            if (left := _left_behind()) is not None:
                _reload()
                state.update(fn=_LEARNER["function"], plain=True)
                note = left
                _compile_side_by_side(state, calls[n:])
                results.append(_run(state["fn"], args))
                continue
        if result["ok"] or result["frames"] and (_signature(result) in state["confirmed"]
                                                 or not _about_tracers(result)):
            results.append(result)
            continue
        plain = _run(state["fn"], args)  # what the learner's code really does, with its own frames
        if plain["ok"]:
            state["plain"] = True
            note = wire.NOT_TRACEABLE.format(error=result["type"])
            _compile_side_by_side(state, calls[n + 1:])
        else:
            state["confirmed"].add(_signature(plain))
        results.append(plain)
    reply = {"ok": True, "results": results}
    if note:
        reply["note"] = note
    return reply


def _about_tracers(error: dict) -> bool:
    """Whether a jitted call's error may be jit's own: one of JAX's tracer errors (a
    plain call may work: `float(x)`, an `if` on a value), or a message that shows a
    tracer where a plain call would show values. Any other error, raised in the
    learner's line, is the one a plain call raises (a grad of a vector, a wrong shape,
    the starter's NotImplementedError), and running it again op by op would cost
    100-200 ms in a fresh child for nothing."""
    import jax

    return error["type"] in {n for n in dir(jax.errors) if not n.startswith("_")} \
        or re.search(r"Trac(er|ed<)", error["message"]) is not None


def _left_behind() -> str | None:
    """What the last trace left that jit would hide, as the note saying so: a kept
    tracer, or changed Python state (`_state`); None when it left nothing."""
    if _holds_tracer():
        return wire.KEEPS_TRACERS
    if _state() != _LEARNER["state"]:
        return wire.CHANGES_STATE
    return None


def _compile_side_by_side(state: dict, calls: list[tuple]) -> None:
    """Compile each new input signature while the next one is traced: tracing and
    lowering are Python (they hold the GIL), XLA's compile is not, so it runs in a
    thread of its own next to the next trace. On two cores has_aux's two shapes take
    about 85 ms in the child instead of 110. Only a head start: the calls (arguments
    and their signature) still run one by one afterwards, hitting jit's cache, and an
    error here is raised again by its own call. `calls`: (arguments, static positions,
    input signature) each.

    A function that runs plainly and is jitted by the learner (it has `lower`) gets the
    same head start from its own jit, for each new value of a Python number (its own
    static arguments are its own; jit_dynamic_lr's starter compiles once per lr). Its
    traces run here in the calls' order, as the calls would run them: a jitted
    function's Python runs only while it traces."""
    plain = state["plain"]
    if plain and not callable(getattr(state["fn"], "lower", None)):
        return

    def lower(args, static):
        return state["fn"].lower(*args) if plain else _jitted(state, static).lower(*args)

    def program(args, signature):  # under the learner's jit, a float may be static too
        floats = tuple(i for i, a in enumerate(args) if isinstance(a, float))
        return _input_signature(args, _static_positions(args) + floats) if plain else signature

    new = {}
    for args, static, signature in calls:
        if plain or signature not in state["seen"]:
            new.setdefault(program(args, signature), (args, static))
    new = list(new.values())
    if len(new) < 2:
        return
    compiling = []
    for args, static in new:
        try:
            lowered = lower(args, static)
        except BaseException:  # the learner's, reported by the call itself
            continue
        compiling.append(threading.Thread(target=_compile_quietly, args=(lowered,)))
        compiling[-1].start()
    for thread in compiling:
        thread.join()


def _compile_quietly(lowered) -> None:
    try:
        lowered.compile()
    except BaseException:  # the call reports it
        pass


def _holds_tracer() -> bool:
    """After a trace: did the learner's code keep a traced value, in a global (or one
    level inside a global dict, list, tuple or set), a default argument or a closure?
    jit's cache would then hide the stale value. A shallow look costs nothing, unlike
    JAX's own leak checker, which searches the whole heap on every trace."""
    from jax.core import Tracer

    fn = _LEARNER["function"]
    for value in _roots():
        inner = (value.values() if isinstance(value, dict)
                 else value if isinstance(value, (list, tuple, set)) else ())
        if isinstance(value, Tracer) or any(isinstance(v, Tracer) for v in inner):
            return True
        if value is not fn and callable(value) and _closes_over_tracer(value, depth=4):
            return True
    return False


def _roots() -> list:
    """Where the learner's code keeps what outlives a call: its globals, and its
    function's default arguments and closure."""
    return [*_LEARNER["namespace"].values(), *_kept_by_function()]


def _kept_by_function() -> list:
    fn = _LEARNER["function"]
    cells = []
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            cells.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    return [*(getattr(fn, "__defaults__", None) or ()), *cells]


def _state() -> tuple:
    """A shallow fingerprint of the Python state a call could change: which object each
    global, default argument and closure cell holds, what is one level inside a
    container or a plain object among them, and NumPy's and Python's global random
    generators. Compared after each trace, it shows a function that counts its calls,
    appends to a list or draws from np.random: jit would run that once per shape."""
    import random

    def inside(value):
        if isinstance(value, dict):
            return tuple((k, id(v)) for k, v in value.items())
        if isinstance(value, (list, tuple, set, frozenset, collections.deque)):
            return tuple(map(id, value))
        if isinstance(value, np.ndarray):
            return hash(value.tobytes()) if value.nbytes < 1 << 20 else value.nbytes
        if isinstance(value, bytearray):
            return hash(bytes(value))
        if isinstance(value, np.random.Generator):
            return repr(value.bit_generator.state)
        if callable(value) or isinstance(value, (type, types.ModuleType)):
            return None
        return tuple((k, id(v)) for k, v in vars(value).items()) if hasattr(value, "__dict__") \
            else None

    try:
        names = {k: v for k, v in _LEARNER["namespace"].items() if not k.startswith("__")}
        _, keys, position, *_ = np.random.get_state()
        return (tuple((k, id(v), inside(v)) for k, v in names.items()),
                tuple((id(v), inside(v)) for v in _kept_by_function()),
                hash(keys.tobytes()), position, hash(random.getstate()))
    except Exception:  # learner objects can refuse to be looked at; they count as changed
        return (object(),)


def _closes_over_tracer(fn, depth: int) -> bool:
    """Whether a function kept in a global closes over a traced value, through a few
    wrappers: `jax.jit(jax.grad(loss))` built once from the first batch holds that
    batch three levels down (jit's __wrapped__, grad's closure, loss's closure)."""
    from jax.core import Tracer

    if depth == 0:
        return False
    inner = []
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            inner.append(cell.cell_contents)
        except ValueError:
            continue
    if (wrapped := getattr(fn, "__wrapped__", None)) is not None:
        inner.append(wrapped)
    for value in inner:
        if isinstance(value, Tracer):
            return True
        if callable(value) and not isinstance(value, type) and _closes_over_tracer(value, depth - 1):
            return True
    return False


def _reload() -> None:
    """Run the learner's file again in a fresh namespace, its prints hidden (they ran)."""
    namespace = _namespace()
    with _quiet():
        exec(_LEARNER["code"], namespace)
    _LEARNER.update(function=namespace[_LEARNER["name"]], namespace=namespace)


@contextlib.contextmanager
def _quiet():
    """Hide what the learner's code prints when it has already printed it once."""
    saved = sys.stdout, sys.stderr
    with open(os.devnull, "w") as nowhere:  # not a buffer: a print loop could fill one
        sys.stdout = sys.stderr = nowhere
        try:
            yield
        finally:
            sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def _debug_prints_dropped(dropped: list):
    """jax.debug.print lowers to a host callback, which a program cannot carry out of
    its process: while exporting, it lowers to nothing (and `dropped` says so, so the
    trusted side can have the function called here, where it prints)."""
    from jax._src import debugging
    from jax._src.interpreters import mlir

    def nothing(ctx, *args, **params):
        dropped.append(True)
        if ctx.tokens_in is not None and ctx.tokens_in.effects():
            ctx.set_tokens_out(ctx.tokens_in)
        return []

    primitives = (debugging.debug_callback_p, debugging.debug_print_p)
    saved = [mlir._platform_specific_lowerings["cpu"].get(p) for p in primitives]
    for primitive in primitives:
        mlir.register_lowering(primitive, nothing, platform="cpu")
    try:
        yield
    finally:
        for primitive, rule in zip(primitives, saved):
            if rule is not None:
                mlir._platform_specific_lowerings["cpu"][primitive] = rule


def _export(request: dict) -> dict:
    """Export the learner's function (traced and lowered, not compiled) once per
    argument tuple, as jit would run it. The programs are checked and run by a process
    that never loaded this file: nothing here is taken on trust."""
    import base64

    import jax

    programs = []
    for args in map(_to_jax, wire.decode_value(request["calls"])):
        key = _input_signature(args, _static_positions(args))
        if key in _LEARNER["exported"]:  # a step-by-step replay asks again for a shape done
            programs.append(_LEARNER["exported"][key])
            continue
        jitted = jax.jit(_LEARNER["function"], static_argnums=_static_positions(args),
                         keep_unused=True)
        dropped = []
        try:
            with _debug_prints_dropped(dropped):
                exported = jax.export.export(jitted)(*args)
            tree = jax.tree_util.tree_unflatten(exported.out_tree, list(range(len(exported.out_avals))))
        except BaseException as exc:  # the learner's, like a call's
            programs.append(_error("exception", exc))
            continue
        # whether its trace left nothing behind: then a call under jit would do just
        # what this program does, and the trusted side may run the program for the
        # answers instead of asking for calls (see _call)
        programs.append({"ok": True, "tree": wire.encode_value(tree), "prints": bool(dropped),
                         "pure": _left_behind() is None,
                         "module": base64.b64encode(exported.mlir_module_serialized).decode()})
        _LEARNER["exported"][key] = programs[-1]
    return {"ok": True, "programs": programs}


def _verify(request: dict) -> dict:
    """Only ever sent to a child that was never sent a learner's file (see verify.py)."""
    if "filename" in _LEARNER:  # a file was sent here: this child is not clean
        return {"ok": False, "kind": "internal", "message": "verify after load"}
    return verify.verify(request)


_HANDLERS = {"load": _load, "call": _call, "export": _export, "verify": _verify}


def _private_fd(fd: int) -> int:
    """Move one of the runner's pipe ends out of the learner's way: to a random high
    number, close-on-exec (programs the learner starts never inherit it), and close the
    well-known original. This stops blind forgeries (printing a fake reply, writing one
    to every descriptor from 3 to 20). It cannot stop code in this process that lists
    /proc/self/fd; the nonce rejects such a frame unless the code also reads the nonce
    from this process's memory, which it can. So nothing here is trusted: the child only
    sends numbers, and the verdict is decided outside against an independent reference."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    top = max(min(soft, 1 << 16), 256)
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, top // 2 + secrets.randbelow(top // 4))
    os.close(fd)
    return moved


def import_jax() -> None:
    """The whole point of a warm child (and of the fork server): pay for this before
    the job. With what a first jit imports (MLIR's HLO dialects, about 20 ms), so that
    a forked child does not import it again."""
    import jax
    import jax.numpy  # noqa: F401

    # JAX's filter of an error's traceback stats ~30 paths per frame: 1.2 s for each
    # RecursionError of a learner's runaway recursion, a few ms for any error. Only the
    # learner's own frames are kept anyway (`_learner_frames`)
    jax.config.update("jax_traceback_filtering", "off")
    with contextlib.suppress(ImportError):  # only a head start: jaxlib may move them
        import jaxlib.mlir._mlir_libs._mlirHlo  # noqa: F401
        import jaxlib.mlir.dialects.builtin  # noqa: F401
        import jaxlib.mlir.dialects.mhlo  # noqa: F401
        import jaxlib.mlir.extras.meta  # noqa: F401


def main() -> None:
    request_fd, result_fd, lifeline = map(int, sys.argv[1:4])
    import_jax()  # before the jail: its namespaces need a single thread, as here
    jail.enter(json.loads(sys.argv[4]), lifeline, (request_fd, result_fd))
    run(request_fd, result_fd)


def run(request_fd: int, result_fd: int) -> None:
    """Serve one learner's run on these pipe ends; never returns."""
    hello = wire.read_frame(request_fd)  # sent at spawn, before any learner code exists
    nonce = hello.get("nonce")
    request_fd, result_fd = _private_fd(request_fd), _private_fd(result_fd)
    import_jax()
    wire.write_frame(result_fd, {"ok": True, "ready": True, "nonce": nonce})
    _warm_up_if_idle(request_fd)
    try:
        _serve(request_fd, result_fd, nonce)
    except BaseException:
        # the learner closed our pipes, or a signal or thread of theirs raised out here:
        # end quietly (a traceback would show the runner's frames in the learner's output);
        # the trusted side reports the exit as a crash
        os._exit(70)


def _serve(request_fd: int, result_fd: int, nonce) -> None:
    while True:
        try:
            request = wire.read_frame(request_fd)
        except EOFError:
            os._exit(0)
        handler = _HANDLERS.get(request.get("op"))
        if handler is None:
            os._exit(0)
        try:
            reply = handler(request)
        except Exception:  # a bug of the runner's own (the learner's errors are caught inside)
            reply = {"ok": False, "kind": "internal", "message": traceback.format_exc(limit=-4)}
        # the CPU time this process used, which its RLIMIT_CPU counts: a trusted child
        # kept for many programs is replaced before it runs out (pool.TrustedChild)
        reply.update(id=request.get("id"), nonce=nonce, cpu_s=time.process_time())
        wire.write_frame(result_fd, reply)


if __name__ == "__main__":
    main()
