"""What a wrong scan_training_step answer shows: a known exception, a result of the
wrong shape, a mutant's answers, the probes' findings; and the learner replayed step
by step beside the reference, to find the step where its weight first goes wrong."""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.evidence import without_comments
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.probes import Probe, probe
from jaxtutor.oracles.probes.unread import zero_gradient_said
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


def diagnose_raised(
    raised: LearnerRaised, source: str = "", case: Case | None = None
) -> Diagnosis | None:
    message = raised.info.get("message", "")
    if "carry input and carry output must have equal types" in message:
        got = re.search(
            r"has type (\S+) but the corresponding output carry component has "
            r"type (\S+?),? so the (shapes|dtypes)",
            message,
        )
        if got:
            before, after, what = got.groups()
            return _carry_changed(before, after, what, source, case)
        return MISCONCEPTIONS["carry_mismatch"].diagnose()
    if "Gradient only defined for scalar-output functions" in message:
        return MISCONCEPTIONS["loss_not_summed"].diagnose()
    if re.search(r"missing 1 required positional argument", message) and any(
        "batch" in f.get("text", "") for f in raised.info.get("frames") or []
    ):
        return MISCONCEPTIONS["batch_not_unpacked"].diagnose()
    return None


def _carry_changed(before: str, after: str, what: str, source: str, case: Case | None):
    """The new weight's type differs from the weight's: what its shape measures (one per
    example of the batch: a gradient with respect to x or y, or one per example), and
    the concept to look at; a cause only where the code shows one."""
    said = f"Your scan body received the weight as {before} and returned {after} as the new weight."
    if what != "shapes":
        return MISCONCEPTIONS["carry_mismatch"].diagnose(
            message=f"{said} Something in the step changed its dtype.",
            hint="The carry must keep its dtype from step to step: look for a cast or a "
            "value of another dtype in the update.",
        )
    dims = re.search(r"\[([\d,]*)\]", after)
    shape = tuple(int(d) for d in dims.group(1).split(",") if d) if dims else None
    batch = tuple(np.shape(case.args[2])[1:]) if case is not None else None
    code = without_comments(source)
    if shape is not None and batch is not None and shape == batch:
        said += (
            f" That is the shape of one batch's x or y (B = {batch[0]}), not of w: a "
            "gradient has the shape of the argument it is taken with respect to."
        )
        if not re.search(r"\bgrad\b", code):  # a gradient written by hand
            hint = MISCONCEPTIONS["carry_mismatch"].hint
        elif re.search(r"\bargnums\b", code):
            hint = (
                "Your code sets argnums: count the positions of your loss's parameters "
                "from 0 and check which one it names."
            )
        elif re.search(r"\bvmap\b", code):
            hint = (
                "A vmap over the examples gives one gradient per example: the step "
                "takes the gradient of the batch's loss with respect to w."
            )
        else:
            hint = (
                "jax.grad differentiates with respect to the first parameter of the "
                "function it is given: check which parameter of your loss comes first."
            )
        return MISCONCEPTIONS["carry_mismatch"].diagnose(message=said, hint=hint)
    return MISCONCEPTIONS["carry_mismatch"].diagnose(message=said)


def _n(case: Case) -> int:
    return len(case.args[2])


def diagnose(
    learner: Learner,
    cases: list[Case],
    answers: list,
    scan_diagnosis: Diagnosis | None,
    reverse: bool = False,
    repeat: int = 1,
) -> Diagnosis:
    """`repeat`: the descent steps the task takes on each batch (a variant's; the
    mutants are of the lesson's task, one step, and are not asked about others)."""
    wrong = [
        i
        for i, (c, a) in enumerate(zip(cases, answers))
        if not matches(a, c.expected, *c.tolerance(RTOL, ATOL))
    ]
    shape = _shape_mistake(cases, answers, repeat)
    if shape is not None:
        found = shape
    elif repeat > 1 and all(
        # every step at the batch's first gradient: one step of repeat * lr
        _like_mutant(got, reference(c.args[0], repeat * c.args[1], *c.args[2:]))
        for c, got in zip(cases, answers)
    ):
        found = MISCONCEPTIONS["gradient_not_retaken"].diagnose(
            message="Every step on a batch uses the gradient at the weight the batch "
            f"started from: on every case your {repeat} steps on a batch add up to one "
            f"step of {repeat} * lr."
        )
    elif repeat == 1 and (name := _matching_mutant(cases, answers)) is not None:
        found = MISCONCEPTIONS[name].diagnose()
        if name == "reversed_order" and reverse:
            found.message += " Your lax.scan over the batches has reverse=True."
    elif (kept := _carry_never_updated(cases, answers, wrong, learner.source)) is not None:
        found = kept
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
                    reference=lambda calls: [reference(*a, repeat=repeat) for a in calls],
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
        smaller = smallest_failing(learner, case, repeat)
        if smaller is not None:
            case = smaller[0]
            found.message += smaller[1]
    table, step = step_table(learner, case, repeat)
    found.table, found.step = table, step
    if step is not None:
        where = "that case" if smaller else f'the case "{case.title(failed=True, brief=True)}"'
        at = f"at step {step}" if repeat == 1 else f"after batch {step}"
        found.message += f" On {where}, your weight first differs {at}."
    elif found.id in ("returned_history", "returned_scan_pair", "not_scalar"):
        found.message += " Your weight is right after every step; only what you return is off."
    return found


def _carry_never_updated(
    cases: list[Case], answers: list, wrong: list[int], source: str
) -> Diagnosis | None:
    """The learner's result is the starting w on every wrong case (and the reference
    moves from it): said as measured, and of a scan's carry only where the code has a
    lax.scan."""
    if not wrong or not all(
        matches(answers[i], cases[i].args[0], MUTANT_RTOL, MUTANT_ATOL) for i in wrong
    ):
        return None
    case = cases[wrong[0]]
    said = (
        f"Your result is the w you were given, on every case you got wrong: on the case "
        f'"{case.title(failed=True, brief=True)}", w = {float(case.args[0]):g} and you return it, where '
        f"{float(case.expected):g} is expected."
    )
    if zero := zero_gradient_said(source, "w"):
        return MISCONCEPTIONS["carry_never_updated"].diagnose(
            message=f"{said} {zero[0]}", hint=zero[1]
        )
    if re.search(r"\bscan\(", without_comments(source)):
        return MISCONCEPTIONS["carry_never_updated"].diagnose(
            message=f"{said} The carry your lax.scan ends with is the one it started from."
        )
    return MISCONCEPTIONS["carry_never_updated"].diagnose(
        message=said,
        hint="Your function returns its argument w unchanged: check that what it returns "
        "is the weight its steps computed.",
    )


def _dim_name(arg: int, axis: int) -> str | None:
    """x_batches and y_batches have shape (N, B): N batches of B examples."""
    return ("N", "B")[axis] if arg in (2, 3) and axis < 2 else None


def _shape_mistake(cases: list[Case], answers: list, repeat: int = 1) -> Diagnosis | None:
    """Returned something other than a scalar: the history, the scan's pair, a shape."""
    for case, got in zip(cases, answers):
        history = trajectory(*case.args, repeat=repeat)[1]
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


def step_table(learner: Learner, case: Case, repeat: int = 1) -> tuple[Table, int | None]:
    """Replay the learner on the first k batches, k = 1..N (one round trip), beside the
    reference's gradient and weight after each step (after each batch's `repeat`
    steps, their gradients summed, where a variant takes more than one)."""
    w, lr, xs, ys = case.args
    grads, weights = trajectory(w, lr, xs, ys, repeat=repeat)
    calls = [(w, lr, xs[:k], ys[:k]) for k in range(1, len(xs) + 1)]
    replies = _replayed(learner, calls)
    rows, first = [], None
    before: float | None = float(w)  # the learner's weight before step k
    for k, (g, expected, got) in enumerate(zip(grads, weights, replies)):
        value = None if isinstance(got, LearnerRaised) else _weight_of(got)
        if isinstance(got, LearnerRaised):
            yours, ok = f"raised {got.info.get('type', 'an exception')}", False
        elif value is None:
            yours, ok = describe(got), False
        else:
            yours = f"{value:.4f}"
            ok = bool(np.isclose(value, expected, MUTANT_RTOL, MUTANT_ATOL))
        # the gradient the learner's step took, read off its weights: (before - after) / lr
        taken = (
            f"{(before - value) / float(lr):.4f}"
            if before is not None and value is not None and float(lr) != 0
            else "-"
        )
        before = value
        if not ok and first is None:
            first = k
        rows.append([str(k), f"{g:.4f}", taken, f"{expected:.4f}", yours])
    columns = ["step", "expected gradient", "your step / lr", "expected w", "your w"]
    if repeat != 1:
        columns[:3] = ["batch", f"expected gradients ({repeat} steps)", "your steps / lr"]
    return Table(columns, rows, highlight=first), first
