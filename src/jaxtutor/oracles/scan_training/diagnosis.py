"""What a wrong scan_training_step answer shows: a known exception, a result of the
wrong shape, a mutant's answers, the probes' findings; and the learner replayed step
by step beside the reference, to find the step where its weight first goes wrong."""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.probes import Probe, probe
from jaxtutor.oracles.scan_training.exercise import (
    ARG_NAMES,
    ATOL,
    MISCONCEPTIONS,
    MUTANT_ATOL,
    MUTANT_RTOL,
    MUTANTS,
    RTOL,
    _rows,
    reference,
    trajectory,
)
from jaxtutor.oracles.scan_training.properties import smallest_failing
from jaxtutor.oracles.values import as_array, describe, matches
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis, Table

STEP_CASE = 1  # the case replayed step by step


def diagnose_raised(raised: LearnerRaised) -> Diagnosis | None:
    message = raised.info.get("message", "")
    if "carry input and carry output must have equal types" in message:
        got = re.search(
            r"has type (\S+) but the corresponding output carry component has "
            r"type (\S+?),? so the (shapes|dtypes)",
            message,
        )
        if got:
            before, after, what = got.groups()
            why = (
                " Most often the gradient was not summed over the batch."
                if what == "shapes"
                else " Something in the step changed its dtype."
            )
            return MISCONCEPTIONS["carry_mismatch"].diagnose(
                message=f"Your scan body received the weight as {before} and returned "
                f"{after} as the new weight.{why}"
            )
        return MISCONCEPTIONS["carry_mismatch"].diagnose()
    if "Gradient only defined for scalar-output functions" in message:
        return MISCONCEPTIONS["loss_not_summed"].diagnose()
    if re.search(r"missing 1 required positional argument", message) and any(
        "batch" in f.get("text", "") for f in raised.info.get("frames") or []
    ):
        return MISCONCEPTIONS["batch_not_unpacked"].diagnose()
    return None


def _n(case: Case) -> int:
    return len(case.args[2])


def diagnose(
    learner: Learner,
    cases: list[Case],
    answers: list,
    scan_diagnosis: Diagnosis | None,
    reverse: bool = False,
) -> Diagnosis:
    wrong = [
        i for i, (c, a) in enumerate(zip(cases, answers)) if not matches(a, c.expected, RTOL, ATOL)
    ]
    shape = _shape_mistake(cases, answers)
    if shape is not None:
        found = shape
    elif (name := _matching_mutant(cases, answers)) is not None:
        found = MISCONCEPTIONS[name].diagnose()
        if name == "reversed_order" and reverse:
            found.message += " Your lax.scan over the batches has reverse=True."
    elif scan_diagnosis is not None:
        found = scan_diagnosis
    else:
        found = (
            probe(
                Probe(
                    cases,
                    answers,
                    [c.expected for c in cases],
                    ARG_NAMES,
                    call_many=learner.call_many,
                    reference=lambda calls: [reference(*a) for a in calls],
                    dim_name=_dim_name,
                    source=learner.source,
                )
            )
            or MISCONCEPTIONS["wrong_update"].diagnose()
        )
    # replay the hand-made case with distinct rows if it is wrong, else the first wrong
    # one: a hidden one made as small as it can be while it still fails
    index = STEP_CASE if STEP_CASE in wrong else wrong[0]
    case, smaller = cases[index], None
    if case.hidden:
        smaller = smallest_failing(learner, case)
        if smaller is not None:
            case = smaller[0]
            found.message += smaller[1]
    table, step = step_table(learner, case)
    found.table, found.step = table, step
    if step is not None:
        where = "that case" if smaller else f'the case "{case.title(failed=True)}"'
        found.message += f" On {where}, your weight first differs at step {step}."
    elif found.id in ("returned_history", "returned_scan_pair", "not_scalar"):
        found.message += " Your weight is right after every step; only what you return is off."
    return found


def _dim_name(arg: int, axis: int) -> str | None:
    """x_batches and y_batches have shape (N, B): N batches of B examples."""
    return ("N", "B")[axis] if arg in (2, 3) and axis < 2 else None


def _shape_mistake(cases: list[Case], answers: list) -> Diagnosis | None:
    """Returned something other than a scalar: the history, the scan's pair, a shape."""
    for case, got in zip(cases, answers):
        history = trajectory(*case.args)[1]
        if isinstance(got, (tuple, list)):
            if len(got) == 2 and matches(got[1], history, MUTANT_RTOL, MUTANT_ATOL):
                return MISCONCEPTIONS["returned_history"].diagnose(
                    message="You returned the final weight together with the weight after "
                    "every step; only the final weight was asked for."
                )
            if (
                len(got) == 2
                and matches(got[1], case.args[1])
                and matches(got[0], case.expected, MUTANT_RTOL, MUTANT_ATOL)
            ):
                return MISCONCEPTIONS["carry_with_lr"].diagnose(
                    message=f"You returned {describe(got)}: the final weight and lr, the "
                    "whole carry, not only the final weight."
                )
            if len(got) == 2 and (got[1] is None or _stacked(got[1], _n(case))):
                return MISCONCEPTIONS["returned_scan_pair"].diagnose(
                    message=f"You returned {describe(got)}: the whole pair lax.scan gives "
                    "back, not only the final weight."
                )
            return MISCONCEPTIONS["not_scalar"].diagnose(
                message=f"You returned {describe(got)}, not a scalar weight."
            )
        arr = as_array(got)
        if arr is None:
            return MISCONCEPTIONS["not_scalar"].diagnose(
                message=f"You returned {describe(got)}, not a scalar weight."
            )
        if arr.shape == ():
            continue
        with_start = np.concatenate([case.args[0].reshape(1), history])
        if _n(case) > 1 and (
            matches(arr, history, MUTANT_RTOL, MUTANT_ATOL)
            or matches(arr, with_start, MUTANT_RTOL, MUTANT_ATOL)
        ):
            return MISCONCEPTIONS["returned_history"].diagnose(
                message=f"You returned an array of shape {arr.shape} holding the weight "
                "after every step; only the final weight, shape (), was asked for."
            )
        same = arr.size and np.allclose(arr, case.expected, MUTANT_RTOL, MUTANT_ATOL)
        return MISCONCEPTIONS["not_scalar"].diagnose(
            message=f"You returned an array of shape {arr.shape}"
            + (" holding the right weight" if same else "")
            + "; the final weight must be a scalar, shape ()."
        )
    return None


def _stacked(value, n: int) -> bool:
    """Whether `value` looks like scan's stacked outputs: arrays with n rows."""
    leaves = value if isinstance(value, (tuple, list)) else [value]
    arrays = [as_array(v) for v in leaves]
    return bool(arrays) and all(a is not None and a.ndim >= 1 and len(a) == n for a in arrays)


# past this size a weight has blown up: float32 (the learner's) and float64 (the
# mutant's) blow up differently, or float32 to infinity, and agree on nothing but that
BLOWN_UP = 1e30


def _blown_up(value) -> bool:
    arr = as_array(value)
    return arr is not None and bool(np.any(~np.isfinite(arr) | (np.abs(arr) > BLOWN_UP)))


def _like_mutant(got, want) -> bool:
    if _blown_up(want):  # a mutant whose steps grow without bound (all the batches' gradient)
        return _blown_up(got)
    return matches(got, want, MUTANT_RTOL, MUTANT_ATOL)


def _matching_mutant(cases: list[Case], answers: list) -> str | None:
    """The misconception whose mutant gives every one of the learner's answers."""
    with np.errstate(over="ignore", invalid="ignore"):
        for name, mutant in MUTANTS.items():
            if all(_like_mutant(got, mutant(*case.args)) for case, got in zip(cases, answers)):
                return name
    return None


# -- step by step ---------------------------------------------------------------------


def _weight_of(value) -> float | None:
    """The learner's final weight inside what it returned, where one can be read."""
    if isinstance(value, (tuple, list)) and value:
        return _weight_of(value[0])
    arr = as_array(value)
    if arr is None or arr.size == 0:
        return None
    return float(arr.reshape(-1)[-1]) if arr.ndim <= 1 else None


def _replayed(learner: Learner, calls: list[tuple]) -> list:
    """The learner's answers on the first k batches: from its exported programs when it
    has them (the clean child already compiled the shapes the cases share), else from
    calls of the function."""
    try:
        found = learner.programs(calls, _rows)
    except LearnerRaised:
        return learner.call_many(calls)
    if any(f.get("ok") is not True for f in found.facts) or any(v is None for v in found.values):
        return learner.call_many(calls)
    return found.values


def step_table(learner: Learner, case: Case) -> tuple[Table, int | None]:
    """Replay the learner on the first k batches, k = 1..N (one round trip), beside the
    reference's gradient and weight after each step."""
    w, lr, xs, ys = case.args
    grads, weights = trajectory(w, lr, xs, ys)
    calls = [(w, lr, xs[:k], ys[:k]) for k in range(1, len(xs) + 1)]
    replies = _replayed(learner, calls)
    rows, first = [], None
    for k, (g, expected, got) in enumerate(zip(grads, weights, replies)):
        if isinstance(got, LearnerRaised):
            yours, ok = f"raised {got.info.get('type', 'an exception')}", False
        elif (value := _weight_of(got)) is None:
            yours, ok = describe(got), False
        else:
            yours = f"{value:.4f}"
            ok = bool(np.isclose(value, expected, MUTANT_RTOL, MUTANT_ATOL))
        if not ok and first is None:
            first = k
        rows.append([str(k), f"{g:.4f}", f"{expected:.4f}", yours])
    return Table(["step", "gradient", "expected w", "your w"], rows, highlight=first), first
