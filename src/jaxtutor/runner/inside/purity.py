"""What a trace of the learner's function left behind that jit's cache would hide: a
traced value it kept, or Python state it changed.

Under jit the learner's Python runs only while it traces, once per input signature, so
a function that keeps the first batch it saw, counts its calls or draws from np.random
behaves differently jitted. These shallow looks, taken after each trace, tell when the
learner's file must run plainly instead. `learner` is the loaded file
(learner_file.LEARNER): its namespace, its function and the state it had after loading.
"""

from __future__ import annotations

import collections
import types

import numpy as np

from jaxtutor.runner import wire


def left_behind(learner: dict) -> str | None:
    """What the last trace left that jit would hide, as the note saying so: a kept
    tracer, or changed Python state (`state`); None when it left nothing."""
    if holds_tracer(learner):
        return wire.KEEPS_TRACERS
    if state(learner) != learner["state"]:
        return wire.CHANGES_STATE
    return None


def holds_tracer(learner: dict) -> bool:
    """After a trace: did the learner's code keep a traced value, in a global (or one
    level inside a global dict, list, tuple or set), a default argument or a closure?
    jit's cache would then hide the stale value. A shallow look costs nothing, unlike
    JAX's own leak checker, which searches the whole heap on every trace."""
    from jax.core import Tracer

    fn = learner["function"]
    for value in _roots(learner):
        inner = (
            value.values()
            if isinstance(value, dict)
            else value
            if isinstance(value, (list, tuple, set))
            else ()
        )
        if isinstance(value, Tracer) or any(isinstance(v, Tracer) for v in inner):
            return True
        if value is not fn and callable(value) and _closes_over_tracer(value, depth=4):
            return True
    return False


def _roots(learner: dict) -> list:
    """Where the learner's code keeps what outlives a call: its globals, and its
    function's default arguments and closure."""
    return [*learner["namespace"].values(), *_kept_by_function(learner["function"])]


def _kept_by_function(fn) -> list:
    cells = []
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            cells.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    return [*(getattr(fn, "__defaults__", None) or ()), *cells]


def state(learner: dict) -> tuple:
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
        return (
            tuple((k, id(v)) for k, v in vars(value).items())
            if hasattr(value, "__dict__")
            else None
        )

    try:
        names = {k: v for k, v in learner["namespace"].items() if not k.startswith("__")}
        _, keys, position, *_ = np.random.get_state()
        return (
            tuple((k, id(v), inside(v)) for k, v in names.items()),
            tuple((id(v), inside(v)) for v in _kept_by_function(learner["function"])),
            hash(keys.tobytes()),
            position,
            hash(random.getstate()),
        )
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
        if (
            callable(value)
            and not isinstance(value, type)
            and _closes_over_tracer(value, depth - 1)
        ):
            return True
    return False
