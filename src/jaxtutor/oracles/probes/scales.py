"""The probe that multiplies each row (or column) of an array argument by a factor of
its own: a result that stays the same where the reference's changes has lost each row's
own scale, as dividing every row by its norm or its sum does, where the task keeps it."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import Probe, _diagnosis, _flat, _same, _title
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis

# positive and distinct, so no two slices keep their ratio and none changes sign; over
# four decades, so a result that only saturates (a clip every entry is past) moves on
# the small ones, where a row divided by its own norm never does
FACTORS = (
    np.array([0.01, 4.0, 0.1, 25.0, 0.3, 2.0]),
    np.array([30.0, 0.02, 1.5, 0.2, 8.0, 0.05]),
)
SCALED_CASES = 3  # wrong cases to scale the slices of; at least 2 must be there


def _scaled(value: np.ndarray, axis: int, factors: np.ndarray) -> np.ndarray:
    n = value.shape[axis]
    shape = [1] * value.ndim
    shape[axis] = n
    return (value * factors[np.arange(n) % len(factors)].reshape(shape)).astype(value.dtype)


def _slices(p: Probe, k: int, axis: int, ndim: int) -> str:
    size = p.dim_name(k, axis) if p.dim_name else None
    kind = {0: "row", 1: "column"}.get(axis, "slice") if ndim == 2 else "slice"
    count = f"{size} " if size else ""
    return f"each of {p.arg_names[k]}'s {count}{kind}s (along its axis {axis})"


def _scale_lost(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Each slice of each float array argument of 2 or more axes multiplied by its own
    factor, two ways, on a few wrong cases whose answers are finite and not all 0 (one
    round trip): an (argument, axis) whose scaling never moves the learner's answer and
    moves the reference's every time it is tried. An answer of 0s stays 0 under any
    scaling (a gradient through a clip every input is past), and says nothing of a
    division by a norm or sum."""
    if p.call_many is None or p.reference is None:
        return None
    chosen = [
        i
        for i in wrong
        if (flat := _flat(p.answers[i])) is not None and np.isfinite(flat).all() and flat.any()
    ][:SCALED_CASES]
    if len(chosen) < 2:
        return None
    calls, which = [], []
    for i in chosen:
        args = p.cases[i].args
        for k, value in enumerate(args[: len(p.arg_names)]):
            if not (isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.ndim >= 2):
                continue
            for axis in range(value.ndim):
                for factors in FACTORS if value.shape[axis] >= 2 else ():
                    calls.append(args[:k] + (_scaled(value, axis, factors),) + args[k + 1 :])
                    which.append((i, k, axis))
    if not calls:
        return None
    mine = p.call_many(calls)
    kept = [
        n
        for n, got in enumerate(mine)
        if not isinstance(got, LearnerRaised) and _same(got, p.answers[which[n][0]])
    ]
    if not kept:
        return None
    theirs = dict(zip(kept, p.reference([calls[n] for n in kept])))
    for k, axis in dict.fromkeys((k, axis) for _, k, axis in which):
        tried = [n for n, (_, kk, a) in enumerate(which) if (kk, a) == (k, axis)]
        cases = {which[n][0] for n in tried}
        if len(cases) < 2 or not all(
            n in theirs and theirs[n] is not None and not _same(theirs[n], p.expected[which[n][0]])
            for n in tried
        ):
            continue
        i = which[tried[0]][0]
        ndim = p.cases[i].args[k].ndim
        slices = _slices(p, k, axis, ndim)
        per = (
            f"axis={1 - axis}, one per {'row' if axis == 0 else 'column'}"
            if ndim == 2
            else f"one per slice along axis {axis}"
        )
        return _diagnosis(
            "scale_lost",
            f"Your result stays the same when {slices} is multiplied by a factor of its "
            f"own, where the expected result changes (on the case {_title(p, i)} and "
            f"{len(cases) - 1} more): your code loses the scale of each of those slices, "
            "as dividing each by its own norm or sum would.",
            f"Find where your code divides {p.arg_names[k]} by a norm, sum or maximum "
            f"taken with {per}, and check that the task takes one there.",
        )
    return None
