"""Probes of an update's step: the step from an argument reversed, scaled, not taken,
or returned in place of the updated value, or the roles of two arguments swapped."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.arithmetic import (
    _factor_words,
    _fixed_count,
    _fixed_count_said,
    _follows_argument,
    _follows_size,
    _moved,
    _number,
    _size_hint,
    one_number_read,
)
from jaxtutor.oracles.probes.common import (
    AT_NOT_KEPT,
    CLOSE,
    Probe,
    _diagnosis,
    _flat,
    _title,
    uses,
)
from jaxtutor.oracles.probes.uniform import uniform_step
from jaxtutor.oracles.probes.unread import zero_gradient_said
from jaxtutor.oracles.values import fmt
from jaxtutor.verdict import Diagnosis


def _starts(p: Probe, i: int) -> list[tuple[str, np.ndarray | None]]:
    """What an answer may be an update of, per case: each argument, and where the answer
    is a dict whose keys are arguments (params built from w and b), those arguments."""
    args = p.cases[i].args
    out = [(name, _flat(args[k]) if k < len(args) else None) for k, name in enumerate(p.arg_names)]
    want = p.expected[i]
    if isinstance(want, dict) and want and all(k in p.arg_names for k in want):
        out.append(
            (" and ".join(sorted(want)), _flat({k: args[p.arg_names.index(k)] for k in want}))
        )
    # a tuple of the first arguments' updates, each of its argument's shape: (w, b)
    k = len(want) if isinstance(want, tuple) else 0
    if 1 < k <= min(len(args), len(p.arg_names)) and all(
        np.shape(want[j]) == np.shape(args[j]) for j in range(k)
    ):
        out.append((" and ".join(p.arg_names[:k]), _flat(tuple(args[:k]))))
    return out


def _stepped(p: Probe, n: int, i: int) -> bool:
    """Whether case i's expected change of the n-th updated argument is not 0."""
    start, w = _starts(p, i)[n][1], _flat(p.expected[i])
    return start is not None and w is not None and start.shape == w.shape and _moved(w - start)


def _step_from_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """An update of an argument (w, say, or the dict of w and b): the learner's change
    from it is a constant multiple of the expected change (the other way, twice as
    far, divided by a size), or one number for a whole array (uniform.py), or the
    learner returned the step itself."""
    for n, (name, _) in enumerate(_starts(p, wrong[0])):
        ratios, steps_returned, unchanged = [], True, True
        starts: list[np.ndarray] = []
        read: list[int] = []  # the cases whose expected step is large enough to read a factor
        steps_read: list[np.ndarray] = []  # and their expected steps
        for i in wrong:
            start = _starts(p, i)[n][1]
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            if start is None or g is None or w is None or not g.shape == w.shape == start.shape:
                break
            starts.append(start)
            mine, theirs = g - start, w - start
            steps_returned &= bool(np.allclose(g, -theirs, **CLOSE))
            # the argument as given, in float32: rounding alone moved it
            unchanged &= bool(np.allclose(g, start, rtol=1e-6, atol=1e-7))
            big = np.abs(theirs) > 1e-3
            if not big.any():  # a step too small to read a factor from (a tiny lr)
                continue
            read.append(i)
            steps_read.append(theirs)
            r = float(np.median(mine[big] / theirs[big]))
            ratios.append(r if np.allclose(mine, r * theirs, **CLOSE) else np.nan)
        else:
            if not read:
                continue
            if len(read) < min(2, len(wrong)):  # one factor read where others hid is no factor
                ratios = []
            i = read[0]
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            start = _starts(p, i)[n][1]
            assert g is not None and w is not None and start is not None  # the loop read them
            k = int(np.argmax(np.abs(w - start)))
            numbers = (
                f"on the case {_title(p, i)}, from {fmt(start[k])} you moved to "
                f"{fmt(g[k])} where {fmt(w[k])} is expected"
            )
            if steps_returned:
                return _diagnosis(
                    "returned_step",
                    f"You return the step itself, not {name} after the step: on the case "
                    f"{_title(p, i)}, yours is {fmt(g[k])}: the starting {fmt(start[k])} "
                    f"minus the expected {fmt(w[k])}.",
                    f"Return {name} after the change, not the change itself"
                    + (
                        ": new = param - lr * gradient (for a dict, "
                        "jax.tree.map(lambda p, g: p - lr * g, params, grads))."
                        if uses(p, "grad")
                        else "."
                    ),
                )
            if unchanged:
                return _no_step(p, name, numbers)
            if (swapped := _roles_swapped(p, wrong, starts, name)) is not None:
                return swapped
            if not ratios or np.isnan(ratios).any():
                if (uniform := uniform_step(p, wrong, starts, name)) is not None:
                    return uniform
                continue
            if (
                size := _follows_size(p, read, ratios, lambda i, n=n: _stepped(p, n, i))
            ) is not None:
                kind, label, value = size
                said = "divided by" if kind == "divided_by_size" else "multiplied by"
                return _diagnosis(
                    f"step_{kind}",
                    f"Your step away from {name} is the expected step {said} {label} on "
                    f"every case you got wrong: {numbers}, with {label} = {value}.",
                    _size_hint(p, kind, label),
                )
            if (fixed := _fixed_count(p, read, ratios)) is not None:
                return _fixed_count_said(
                    "step_fixed_count",
                    f"Your step away from {name} is the expected step",
                    numbers,
                    fixed,
                )
            if (follows := _follows_argument(p, read, ratios)) is not None:
                said, label, value = follows
                return _diagnosis(
                    "step_follows_argument",
                    f"Your change from {name} is the expected change {said} on every case "
                    f"you got wrong: {numbers}, with {label} = {fmt(value)}.",
                    f"Count how many times {label} enters your change to {name}, and how "
                    "many times the task's change has it.",
                )
            if np.allclose(ratios, ratios[0], rtol=1e-3) and not np.isclose(
                ratios[0], 1.0, rtol=1e-3
            ):
                r = ratios[0]
                if np.isclose(r, -1.0, rtol=1e-3):
                    return _diagnosis(
                        "step_reversed",
                        f"Your result moves away from {name} in the opposite direction to "
                        f"the expected one, by the same amount: {numbers}.",
                        f"Check the sign with which your code applies its change to {name}"
                        + (": descent moves against the gradient." if uses(p, "grad") else "."),
                    )
                if np.isclose(r, 0.0, atol=1e-6):
                    return _no_step(p, name, numbers)
                if one_number_read(steps_read, r):
                    continue
                if r < 0:  # the other way, and another length: no cause can be read off
                    return _diagnosis(
                        "step_factor",
                        f"Your change from {name} is {r:.3g} times the expected change: it "
                        f"goes the other way, {-r:.3g} times as far: {numbers}.",
                        "Both the direction and the size of your change differ from the "
                        "expected one: compute that case's change by hand, one factor at a "
                        "time, and compare each with your code's.",
                    )
                return _diagnosis(
                    "step_factor",
                    f"Your change from {name} is {_factor_words(r)} the expected change, in "
                    f"the same direction: {numbers}.",
                    "The direction is right and the size is not: compute that case's change "
                    "by hand, one factor at a time, and find the one that makes yours "
                    f"{r:.3g} times the expected change.",
                )
    return None


def _roles_swapped(
    p: Probe, wrong: list[int], starts: list[np.ndarray], name: str
) -> Diagnosis | None:
    """`g - lr * w` where the task computes `w - lr * g`: with the expected answer and
    the rate (a number argument), the expected g is (w - expected) / lr, and the
    learner's answer is measured against g - lr * w on every wrong case."""
    for k, rate in enumerate(p.arg_names):
        for i, start in zip(wrong, starts, strict=True):
            mine, want = _flat(p.answers[i]), _flat(p.expected[i])
            if not (a := _number(p, i, k)) or mine is None or want is None:  # 0: no rate
                break
            if not np.allclose(mine, (start - want) / a - a * start, **CLOSE):
                break
        else:
            moved = "the gradient" if uses(p, "grad") else "what it moves by"
            return _diagnosis(
                "roles_swapped",
                f"Your result is {moved} minus {rate} times {name}, on every case you got "
                f"wrong, where the task takes {name} minus {rate} times {moved}: the two "
                f"have swapped places in your update (on the case {_title(p, wrong[0])}).",
                f"Check which of the two your update starts from and which it scales by "
                f"{rate}: the new value is the old {name} minus {rate} times {moved}.",
            )
    return None


def _no_step(p: Probe, name: str, numbers: str) -> Diagnosis:
    if zero := zero_gradient_said(p.source, name):
        return _diagnosis(
            "no_step", f"Your result is {name} unchanged: {numbers}. {zero[0]}", zero[1]
        )
    return _diagnosis(
        "no_step",
        f"Your result is {name} unchanged: {numbers}.",
        f"Your result equals the {name} it was given: check that your function returns the "
        "value it computes, and that the change it computes is not 0."
        + (f" {AT_NOT_KEPT}" if uses(p, "at") else ""),
    )
