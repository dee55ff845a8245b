"""What the scan exercise checks beyond its cases, by more calls of the learner's
function: that training composes (the first half of the batches, then the second half
from the weight that gave, ends where training on all of them does: a bound on the
batches read fails it at any bound), and the smallest case like a failed hidden one that
still fails (see oracles/shrink.py)."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.scan_training.exercise import (
    ARG_NAMES,
    ATOL,
    COMPOSED_CASE,
    COMPOSITION_TEST,
    MUTANT_ATOL,
    MUTANT_RTOL,
    RTOL,
    _f32,
    reference,
    stable,
)
from jaxtutor.oracles.shrink import Size, sizes_said, smallest
from jaxtutor.oracles.values import as_array, fmt, matches
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import TestResult


def _number(value) -> np.ndarray | None:
    arr = as_array(value)
    return arr if arr is not None and arr.shape == () else None


def halves(learner: Learner, cases: list[Case]) -> tuple:
    """Train on the first half of the composed case's batches, then on the second half
    from the weight that gave (the learner's calls: in its own child, which is free
    while the clean child compiles and runs the programs). Returns the two answers; the
    second is None when the first is not a weight to go on from."""
    w, lr, xs, ys = next(c for c in cases if c.name == COMPOSED_CASE).args
    half = len(xs) // 2
    (first,) = learner.call_many([(w, lr, xs[:half], ys[:half])])
    if isinstance(first, LearnerRaised) or _number(first) is None:
        return first, None
    (then,) = learner.call_many([(_f32(_number(first)), lr, xs[half:], ys[half:])])
    return first, then


def composition(cases: list[Case], answers: list, parts: tuple) -> TestResult:
    """Whether training in two halves (`parts`, from `halves`) ended where the
    learner's own answer on all the batches at once did."""
    index = next(i for i, c in enumerate(cases) if c.name == COMPOSED_CASE)
    xs = cases[index].args[2]
    n, half = len(xs), len(xs) // 2
    whole, (first, then) = _number(answers[index]), parts
    if whole is None or then is None:
        return TestResult(
            COMPOSITION_TEST,
            "fail",
            "could not be checked: your function did not return a scalar weight "
            f"for {'the first ' + str(half) + ' batches' if whole is not None else 'all the batches'}.",
        )
    if _number(then) is not None and matches(then, whole, RTOL, ATOL):
        return TestResult(COMPOSITION_TEST, "pass")
    got = fmt(_number(then)) if _number(then) is not None else "no scalar weight"
    return TestResult(
        COMPOSITION_TEST,
        "fail",
        f"training on the first {half} batches of {cases[index].name} (N={n}, "
        f"B={xs.shape[1]}) ended at w={fmt(_number(first))}, and training on the other "
        f"{n - half} from there ended at w={got}; training on all {n} at once gave "
        f"w={fmt(whole)}. Training one batch after another must end in the same place "
        "either way.",
    )


SIZES = (Size("N", ((2, 0), (3, 0))), Size("B", ((2, 1), (3, 1))))
SMALLEST = "the smallest failing case found"


def smallest_failing(learner: Learner, case: Case, repeat: int = 1) -> tuple[Case, str] | None:
    """The smallest case like `case` (a failed hidden case) that the learner still gets
    wrong, and a sentence saying so; None when none smaller fails."""

    def fails(args: tuple) -> bool:
        # clearly wrong, as the step table tells a step apart: a case shown for its
        # failure must show it
        args = tuple(_f32(a) for a in args)
        (got,) = learner.call_many([args])
        return not isinstance(got, LearnerRaised) and not matches(
            got, reference(*args, repeat=repeat), MUTANT_RTOL, MUTANT_ATOL
        )

    found = smallest(case.args, SIZES, fails, rounded=(0, 2, 3), valid=stable)
    if found is None:
        return None
    args = tuple(_f32(a) for a in found.args)
    small = hidden_case(0, ARG_NAMES, args, reference(*args, repeat=repeat))
    small.name = SMALLEST
    n, b = case.args[2].shape
    said = (
        f" {case.name.capitalize()} (N={n}, B={b}) failed; the smallest case like it that "
        f"your function also gets wrong has {sizes_said(found.sizes)}: {small.inputs}."
    )
    return small, said
