"""Probes of the numbers: the answer is the expected one times a constant (or a flipped
sign), times or divided by one of the case's sizes, plus an argument's first entry, or
right only where a size is 1; an update's step from an argument reversed, scaled, not
taken, or returned in place of the updated value."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import (
    AT_NOT_KEPT,
    CLOSE,
    Probe,
    _compare,
    _diagnosis,
    _dims,
    _flat,
    _size,
    _title,
    uses,
)
from jaxtutor.oracles.probes.uniform import uniform_step
from jaxtutor.oracles.probes.unread import zero_gradient_said
from jaxtutor.oracles.values import fmt, matches
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis

_NAMED_FACTORS = {
    -1.0: "the negative of",
    2.0: "twice",
    0.5: "half",
    3.0: "three times",
    -2.0: "minus twice",
    4.0: "four times",
    0.25: "a quarter of",
}


def _ratios(p: Probe, wrong: list[int]) -> list[float] | None:
    """Per wrong case, the one factor between the learner's answer and the expected one."""
    out = []
    for i in wrong:
        g, w = _flat(p.answers[i]), _flat(p.expected[i])
        if g is None or w is None or g.shape != w.shape:
            return None
        big = np.abs(w) > 1e-3
        if not big.any() or not np.all(np.isfinite(g)):
            return None
        r = float(np.median(g[big] / w[big]))
        if r == 0 or not np.allclose(g, r * w, **CLOSE):
            return None
        out.append(r)
    return out


def _factor_words(r: float) -> str:
    for value, words in _NAMED_FACTORS.items():
        if np.isclose(r, value, rtol=1e-3):
            return words
    return f"{r:.4g} times"


def _factor(p: Probe, wrong: list[int]) -> Diagnosis | None:
    ratios = _ratios(p, wrong)
    if not ratios:
        return None
    i = wrong[0]
    g, w = _flat(p.answers[i]), _flat(p.expected[i])
    assert g is not None and w is not None  # _ratios read them
    k = int(np.argmax(np.abs(w)))
    numbers = f"on the case {_title(p, i)}, yours is {fmt(g[k])} where {fmt(w[k])} is expected"
    if (by_size := _size_factor(p, wrong, ratios, numbers)) is not None:
        return by_size
    if (fixed := _fixed_count(p, wrong, ratios)) is not None:
        return _fixed_count_said("fixed_count", "Your result is the expected one", numbers, fixed)
    if np.allclose(ratios, ratios[0], rtol=1e-3):
        r = ratios[0]
        if np.isclose(r, 1.0, rtol=1e-3):  # the numbers are right: something else is not
            return None
        if np.isclose(r, -1.0, rtol=1e-3):
            return _diagnosis(
                "sign_flipped",
                f"Your result is the negative of the expected one on every case you got wrong: "
                f"{numbers}.",
                "Every number has the opposite sign, so one sign in your formula is the other "
                "way round: compute that case by hand and find the first value whose sign "
                "differs from your code's"
                + (
                    " (a step that adds the gradient where descent subtracts it would)."
                    if uses(p, "grad")
                    else "."
                ),
            )
        return _diagnosis(
            "constant_factor",
            f"Your result is {_factor_words(r)} the expected one on every case you got "
            f"wrong: {numbers}.",
            f"Every number is off by the same factor, {r:.4g}: compute that case by hand, one "
            "value at a time, and find the first of your code's values that is off by it.",
        )
    return None


def _size_factor(p: Probe, wrong: list[int], ratios: list[float], numbers: str):
    """A factor that follows one of the case's sizes (a mean for a sum, say)."""
    found = _follows_size(p, wrong, ratios)
    if found is None:
        return None
    kind, label, size = found
    if kind == "divided_by_size":
        return _diagnosis(
            kind,
            f"Your result is the expected one divided by {label} on every case you got "
            f"wrong: {numbers}, with {label} = {size}.",
            _size_hint(p, kind, label),
        )
    return _diagnosis(
        kind,
        f"Your result is the expected one multiplied by {label} on every case you got "
        f"wrong: {numbers}, with {label} = {size}.",
        _size_hint(p, kind, label),
    )


def _size_hint(p: Probe, kind: str, label: str) -> str:
    """Where a factor of a size comes from, naming a mean or a sum only where the code
    has one."""
    if kind == "divided_by_size":
        if uses(p, "mean"):
            return (
                f"Dividing by {label} is what a mean over the {label} entries does; the "
                "exercise asks for their sum."
            )
        return (
            f"Your numbers are {label} times too small: find where your code divides by "
            f"{label}, or averages over the {label} entries."
        )
    if uses(p, "sum"):
        return (
            f"Something is added up {label} times too often: look at each sum in your code "
            f"and at what it adds over the {label} entries."
        )
    return (
        f"Your numbers are {label} times too large: find where your code multiplies by "
        f"{label}, or counts something {label} times over."
    )


def _sizes(p: Probe, wrong: list[int]):
    """Each array axis with its name and its size on every wrong case, where all have it."""
    for arg, axis, label in _dims(p):
        sizes = [s for j in wrong if (s := _size(p.cases[j], arg, axis)) is not None]
        if len(sizes) == len(wrong):
            yield arg, axis, label, sizes


def _follows_size(p: Probe, wrong: list[int], ratios: list[float]):
    """("divided_by_size" or "times_size", the size's name, its value on the first wrong
    case) where the ratios are 1/size or size of one of the case's sizes."""
    for arg, axis, label, sizes in _sizes(p, wrong):
        if min(sizes) < 2:
            continue
        # one size on every wrong case could be a coincidence: then a right case of size
        # 1 must show that the factor follows the size
        if len(set(sizes)) == 1 and not any(
            _size(c, arg, axis) == 1 and not isinstance(a, LearnerRaised) and matches(a, e)
            for c, a, e in zip(p.cases, p.answers, p.expected)
        ):
            continue
        if np.allclose(ratios, [1 / s for s in sizes], rtol=1e-3):
            return "divided_by_size", label, sizes[0]
        if np.allclose(ratios, sizes, rtol=1e-3):
            return "times_size", label, sizes[0]
    return None


def _fixed_count(p: Probe, wrong: list[int], ratios: list[float]):
    """(a size's name, its value on the first wrong case, c) where the ratios are c
    divided by that size, for a whole c of 2 or more, on wrong cases of two sizes or
    more: a count from one example (3, the lesson's) standing where the size belongs."""
    for _, _, label, sizes in _sizes(p, wrong):
        if len(set(sizes)) < 2:
            continue
        counts = np.asarray(ratios) * np.asarray(sizes)
        c = round(float(counts[0]))
        if c >= 2 and np.allclose(counts, c, rtol=1e-3):
            return label, sizes[0], c
    return None


def _fixed_count_said(kind: str, what: str, numbers: str, fixed: tuple) -> Diagnosis:
    """`what` (your result, your step) is the expected one times c over a size."""
    label, size, c = fixed
    return _diagnosis(
        kind,
        f"{what} times {c}/{label} on every case you got wrong: {numbers}, with {label} = "
        f"{size}. That factor is 1 only where {label} = {c}.",
        f"Where {label} = {c} your answer is right: look for a {c} in your code (a count "
        f"from an example) standing where the number of entries, {label}, belongs, or a "
        "mean multiplied back by it.",
    )


def _follows_argument(p: Probe, wrong: list[int], ratios: list[float]):
    """(the words of the factor, a number argument's name, its value on the first wrong
    case) where the ratios are that argument times one constant (lr applied twice: the
    step goes with lr squared); only where the argument takes two values or more on the
    wrong cases, so that the factor is seen to follow it. (A constant divided by it is a
    hard-coded value in its place: probe_ignored_argument says that.)"""
    for k, name in enumerate(p.arg_names):
        values = []
        for j in wrong:
            if (value := _number(p, j, k)) is None:
                break
            values.append(value)
        else:
            if len(set(values)) < 2 or 0.0 in values:
                continue
            c = np.asarray(ratios) / np.asarray(values)
            if np.allclose(c, c[0], rtol=1e-3) and not np.isclose(c[0], 0.0, atol=1e-9):
                factor = name if np.isclose(c[0], 1.0, rtol=1e-3) else f"{c[0]:.4g} × {name}"
                return f"multiplied by {factor}", name, values[0]
    return None


def _number(p: Probe, i: int, k: int) -> float | None:
    """Argument k of case i, where it is one real number (a rate, a factor)."""
    args = p.cases[i].args
    a = args[k] if k < len(args) else None
    if isinstance(a, (int, float, np.number, np.ndarray)) and not isinstance(a, (bool, np.bool_)):
        if np.ndim(a) == 0 and np.isrealobj(a):
            return float(a)
    return None


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


def _step_from_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """An update of an argument (w, say, or the dict of w and b): the learner's change
    from it is a constant multiple of the expected change (the other way, twice as
    far, divided by a size), or one number for a whole array (uniform.py), or the
    learner returned the step itself."""
    for n, (name, _) in enumerate(_starts(p, wrong[0])):
        ratios, steps_returned, unchanged = [], True, True
        starts: list[np.ndarray] = []
        read: list[int] = []  # the cases whose expected step is large enough to read a factor
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
            if (size := _follows_size(p, read, ratios)) is not None:
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


def _only_size_one(p: Probe, wrong: list[int]) -> Diagnosis | None:
    right = [
        i
        for i in range(len(p.cases))
        if i not in wrong and not isinstance(p.answers[i], LearnerRaised)
    ]
    if not right:
        return None
    fits: dict[str, tuple[int, int]] = {}
    for arg, axis, label in _dims(p):
        if all(_size(p.cases[i], arg, axis) == 1 for i in right) and all(
            (_size(p.cases[i], arg, axis) or 0) > 1 for i in wrong
        ):
            fits.setdefault(label, (arg, axis))
    if not fits:
        return None
    i = wrong[0]
    measured = _one_size_at_a_time(p, i, list(fits)) if len(fits) > 1 else None
    if measured is not None:
        others = " or ".join(label for label in fits if label != measured)
        return _diagnosis(
            "only_size_one",
            f"Your answers are right exactly on the cases where "
            f"{' and '.join(f'{label} = 1' for label in fits)}, sizes that are 1 together "
            f"there. Measured on the case {_title(p, i)}: with {measured} as it is and every "
            f"other size cut to 1, your answer is wrong; with {others} alone as it is, it is "
            f"right. The difference comes with {measured} > 1.",
            f"Your code is right for one entry along {measured} and wrong for more: call it "
            f"with {measured} = 2 and compare what each entry along {measured} does with a "
            "hand computation.",
        )
    # several sizes that are 1 on the same cases, and no run told them apart: each is
    # named (never one picked)
    labels = " and ".join(f"{label} = 1" for label in fits)
    together = " (on these cases they are 1 together)" if len(fits) > 1 else ""
    sizes = ", ".join(f"{label} = {_size(p.cases[i], *where)}" for label, where in fits.items())
    names = " or ".join(fits)
    return _diagnosis(
        "only_size_one",
        f"Your answers are right exactly on the cases where {labels}{together}, and wrong "
        f"on every case where {'it is' if len(fits) == 1 else 'each is'} larger (the case "
        f"{_title(p, i)} has {sizes}: {_compare(p.answers[i], p.expected[i])}).",
        f"Your code is right for one entry along {names} and wrong for more: call it on "
        f"that case with {names} = 2 and compare what each entry adds to the result with "
        "a hand computation.",
    )


def _one_size_at_a_time(p: Probe, i: int, labels: list[str]) -> str | None:
    """On wrong case i, each size in turn kept as it is and every other cut to 1 (its
    first entry, on every argument that has it): the one size whose keeping makes the
    learner's answer wrong while keeping any other leaves it right, as measured. None
    when the runs do not tell one story (more or fewer than one wrong, a call raised)."""
    if p.call_many is None or p.reference is None:
        return None
    axes = {
        label: [(arg, axis) for arg, axis, name in _dims(p) if name == label] for label in labels
    }
    calls = []
    for keep in labels:
        args = list(p.cases[i].args)
        for label in labels:
            for arg, axis in axes[label] if label != keep else []:
                args[arg] = np.take(args[arg], [0], axis=axis)
        calls.append(tuple(args))
    mine, theirs = p.call_many(calls), p.reference(calls)
    if any(isinstance(got, LearnerRaised) for got in mine) or any(w is None for w in theirs):
        return None
    off = [label for label, got, want in zip(labels, mine, theirs) if not p.right(i, got, want)]
    return off[0] if len(off) == 1 else None


def _offset(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Every number of the answer off by the same amount, and that amount is the first
    entry of an argument on every wrong case: that entry counted twice."""
    deltas = []
    for i in wrong:
        g, w = _flat(p.answers[i]), _flat(p.expected[i])
        if g is None or w is None or g.shape != w.shape or not g.size:
            return None
        d = float(np.median(g - w))
        if abs(d) < 1e-3 or not np.allclose(g, w + d, **CLOSE):
            return None
        deltas.append(d)
    for k, name in enumerate(p.arg_names):
        firsts = [
            f
            for i in wrong
            if k < len(p.cases[i].args)
            and np.ndim(p.cases[i].args[k]) >= 1
            and (f := _flat(p.cases[i].args[k])) is not None
            and f.size
        ]
        if len(firsts) < len(wrong):
            continue
        if np.allclose(deltas, [f[0] for f in firsts], **CLOSE):
            i = wrong[0]
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            assert g is not None and w is not None  # the deltas' loop read them
            return _diagnosis(
                "plus_first_entry",
                f"Every number of your result is the expected one plus {name}[0], on every "
                f"case you got wrong: on the case {_title(p, i)}, {name}[0] = "
                f"{fmt(firsts[0][0])}, and yours is {fmt(g[0])} where {fmt(w[0])} is "
                f"expected. {name}[0] is counted twice.",
                f"Start from zero, not from {name}[0], when the loop then goes over all of "
                f"{name} (or start from {name}[0] and go over {name}[1:])."
                if uses(p, "loop")
                else f"Find where {name}[0] enters your result a second time.",
            )
    return None
