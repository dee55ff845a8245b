"""Probes of the numbers: the answer is the expected one times a constant (or a flipped
sign), times or divided by one of the case's sizes, plus an argument's first entry,
right only where a size is 1, or off by less than 1% everywhere (an update's step:
probes/steps.py)."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import (
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


def one_number_read(expected: list, r: float) -> bool:
    """Whether a factor `r` that is none of the named ones was read off a single number
    (one scalar on one case) of `expected`, the expected values (or changes) it scales:
    any wrong number is some multiple of any expected one, so that is no evidence."""
    if any(np.isclose(r, value, rtol=1e-3) for value in _NAMED_FACTORS):
        return False
    return sum(int(np.sum(np.abs(w) > 1e-3)) for w in expected if w is not None) < 2


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
        if one_number_read([_flat(p.expected[i]) for i in wrong], r):
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


def _moved(value) -> bool:
    """Whether any number of `value` is large enough to read a factor from."""
    flat = _flat(value)
    return flat is not None and bool((np.abs(flat) > 1e-3).any())


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


def _follows_size(p: Probe, wrong: list[int], ratios: list[float], moved=None):
    """("divided_by_size" or "times_size", the size's name, its value on the first wrong
    case) where the ratios are 1/size or size of one of the case's sizes. `moved(i)`:
    whether case i's expected quantity the ratios are of (a result, a step) is not 0,
    so that a factor would show there; by default its result."""
    moved = moved or (lambda i: _moved(p.expected[i]))
    right = [
        i
        for i, (a, e) in enumerate(zip(p.answers, p.expected))
        if not isinstance(a, LearnerRaised) and matches(a, e)
    ]
    for arg, axis, label, sizes in _sizes(p, wrong):
        if min(sizes) < 2:
            continue
        # one size on every wrong case could be a coincidence: then a right case of size
        # 1 must show that the factor follows the size, and none of size 2 or more where
        # the factor would show (a mistake wrong only where D = 1 and N > 1, say, is
        # right at N = 48)
        right_sizes = {_size(p.cases[i], arg, axis) for i in right if moved(i)}
        if len(set(sizes)) == 1 and (
            1 not in {_size(p.cases[i], arg, axis) for i in right}
            or any(s is not None and s >= 2 for s in right_sizes)
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


# a result off by at most this share of its case's largest expected number, on every
# wrong case, is told as a small difference: bfloat16 rounds by up to 0.4% (8 significant
# bits), float16 by 0.05%, and a constant written with 4 digits is about 1e-4 off
_SMALL = 1e-2


def _small_difference(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Every wrong case's numbers within 1% of the expected ones (every shape right,
    every number finite): a difference whose size is measured and said, with what
    makes one that small; the last probe, when nothing more particular is seen."""
    worst, at = 0.0, None
    for i in wrong:
        g, w = _flat(p.answers[i]), _flat(p.expected[i])
        if g is None or w is None or g.shape != w.shape or not g.size:
            return None
        largest = float(np.max(np.abs(w)))
        if not (np.all(np.isfinite(g)) and largest > 0):
            return None
        off = float(np.max(np.abs(g - w))) / largest
        if off > _SMALL:
            return None
        if at is None or off > worst:
            worst, at = off, i
    if at is None:
        return None
    return _diagnosis(
        "small_difference",
        f"Every result you got wrong is close to the expected one, off by at most "
        f"{100 * worst:.2g}% of its largest number (on the case {_title(p, at)}: "
        f"{_compare(p.answers[at], p.expected[at])}). A difference this small is what a "
        "value kept in a 16-bit float makes (bfloat16 keeps 8 significant bits, float16 "
        "11), or a constant written with few digits (0.3333 for 1/3), or a "
        "small term the task does not ask for (an epsilon, a weight decay).",
        "Look for a dtype=jnp.bfloat16 or float16, or an .astype to one, a constant you "
        "shortened, or a small term you added; compute the same values in float32 and see "
        "which of yours first differs.",
    )
