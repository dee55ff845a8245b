"""How the learner's function is jitted, inside the jail: one jitted version per set of
static positions, the input signatures already traced, whether its Python ints are
traced, and compiles started side by side with the next trace.

A function's jit state (`jit_state`) is a plain dict kept with the loaded file; the
calls (learner_calls.call) decide from it whether to run jitted or plainly.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence

from jaxtutor.runner import wire
from jaxtutor.runner.inside import prints


def jit_state(fn) -> dict:
    """jit state for a loaded function: its jitted versions (one per set of static
    positions), the input signatures already checked for leaked tracers, whether it
    must run plainly, and the errors (type and learner lines) that jit and a plain call
    both raised: jit's report of those is trusted from then on; whether its Python int
    arguments are traced (None: not known yet) and the values they had so far, by
    input signature (see `decide_ints`)."""
    return {
        "fn": fn,
        "jitted": {},
        "seen": set(),
        "plain": False,
        "confirmed": set(),
        "ints": None,
        "int_values": {},
    }


def static(state: dict, args: tuple) -> tuple[int, ...]:
    """The positions jit keeps as Python values (`wire.static_positions`), less the
    Python ints once `decide_ints` has found that they can be traced."""
    positions = wire.static_positions(args)
    return tuple(i for i in positions if type(args[i]) is not int) if state["ints"] else positions


def decide_ints(state: dict, calls: list[tuple]) -> None:
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
        positions = wire.static_positions(args)
        traced = tuple(i for i in positions if type(args[i]) is not int)
        if traced == positions:
            continue
        erased = input_signature(args, traced)  # the same for every value of the ints
        values.setdefault(erased, set(state["int_values"].get(erased, ()))).add(
            tuple(args[i] for i in positions if i not in traced)
        )
        if len(values[erased]) > 1:
            state["ints"] = _traces(state, args, positions, quiet=True) and _traces(
                state, args, traced, quiet=False
            )
            return
    state["int_values"].update(values)


def _traces(state: dict, args: tuple, positions: tuple[int, ...], quiet: bool) -> bool:
    try:
        with prints.quiet() if quiet else contextlib.nullcontext():
            jitted(state, positions).trace(*args)
        return True
    except BaseException:  # the learner's: the call itself reports it
        return False


def input_signature(args, positions: tuple[int, ...]) -> tuple:
    """What jit traces for: the values of the static arguments (at `positions`); the
    others' trees and each leaf's shape and dtype (or the kind of Python number)."""
    import jax

    def leaf(a):
        return (tuple(a.shape), str(a.dtype)) if hasattr(a, "shape") else (type(a).__name__,)

    return tuple(
        ("static", repr(a))
        if i in positions
        else (jax.tree_util.tree_structure(a), tuple(map(leaf, jax.tree_util.tree_leaves(a))))
        for i, a in enumerate(args)
    )


def jitted(state: dict, positions: tuple[int, ...]):
    """The function jitted with these static positions, made once."""
    import jax

    if positions not in state["jitted"]:
        state["jitted"][positions] = jax.jit(state["fn"], static_argnums=positions)
    return state["jitted"][positions]


def compile_side_by_side(state: dict, calls: list[tuple], ahead: Sequence[tuple] = ()) -> None:
    """Compile each new input signature while the next one is traced: tracing and
    lowering are Python (they hold the GIL), XLA's compile is not, so it runs in a
    thread of its own next to the next trace (on two cores, a check with two shapes
    ends sooner; see docs/performance.md). Only a head start: the calls (arguments and
    their signature) still run one by one afterwards, hitting jit's cache, and an
    error here is raised again by its own call. `calls`: (arguments, static positions,
    input signature) each.

    `ahead`: calls a later request will make (the hidden cases, named by the fixed
    cases' call), in the same form: their shapes are traced after these and compiled
    while these run and after this request's reply (`finish_ahead` waits for them).

    A function that runs plainly and is jitted by the learner (it has `lower`) gets the
    same head start from its own jit, for each new value of a Python number (its own
    static arguments are its own; jit_dynamic_lr's starter compiles once per lr). Its
    traces run here in the calls' order, as the calls would run them: a jitted
    function's Python runs only while it traces."""
    plain = state["plain"]
    if plain and not callable(getattr(state["fn"], "lower", None)):
        return

    def lower(args, positions):
        return state["fn"].lower(*args) if plain else jitted(state, positions).lower(*args)

    def program(args, signature):  # under the learner's jit, a float may be static too
        floats = tuple(i for i, a in enumerate(args) if isinstance(a, float))
        return input_signature(args, wire.static_positions(args) + floats) if plain else signature

    new: dict = {}
    for args, positions, signature in calls:
        if plain or signature not in state["seen"]:
            new.setdefault(program(args, signature), (args, positions))
    now = len(new)
    if not plain:  # a plain function's later calls may see other state: not ahead
        for args, positions, signature in ahead:
            if signature not in state["seen"]:
                new.setdefault(signature, (args, positions))
    if len(new) < 2:
        return
    compiling: list[threading.Thread] = []
    for i, (args, positions) in enumerate(new.values()):
        try:
            lowered = lower(args, positions)
        except BaseException:  # the learner's, reported by the call itself
            continue
        thread = threading.Thread(target=_compile_quietly, args=(lowered,))
        thread.start()
        (compiling if i < now else _AHEAD).append(thread)
    for thread in compiling:
        thread.join()


# compiles of a later request's shapes, still running after a reply
_AHEAD: list[threading.Thread] = []


def finish_ahead() -> None:
    """Wait for the compiles started ahead, before a request that could compile the
    same programs again or count compiles."""
    while _AHEAD:
        _AHEAD.pop().join()


def _compile_quietly(lowered) -> None:
    try:
        lowered.compile()
    except BaseException:  # the call reports it
        pass
