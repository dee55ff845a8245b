"""Properties a lesson's function has whatever its inputs, checked by extra calls of the
learner's function on the trusted side, beside the cases: reordering the examples
reorders (or leaves unchanged) the answer, scaling some arguments scales it, the
answer on all the examples is the sum (or the concatenation) of the answers on two
parts of them, and a loop's history on the first steps is the start of its history on
all of them. Each names what failed in the learner's terms. A lesson declares its
own in [[exercise.properties]] (see spec.py); the kinds are these."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.values import ATOL, RTOL, as_array, as_tree, mismatch
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis, TestResult, listed

KINDS = ("reorder", "scale", "split", "prefix")


@dataclass
class Check:
    """One property on one case: the test's name, its calls (answered in one round
    trip), and what to make of the answers: None when it holds, else why not."""

    name: str
    calls: list[tuple]
    judge: Callable[[list], str | None]
    kind: str = ""


def _map(f, *trees):
    first = trees[0]
    if isinstance(first, tuple):
        return tuple(_map(f, *parts) for parts in zip(*trees))
    if isinstance(first, dict):
        return {k: _map(f, *(t[k] for t in trees)) for k in first}
    arrays = [as_array(t) for t in trees]
    if any(a is None for a in arrays):
        raise ValueError("not numbers")
    return f(*arrays)


def build(prop: dict, names: tuple[str, ...], cases: list[Case], rng, rtol=RTOL, atol=ATOL):
    """The Check of one declared property, on the first hidden case it fits (None when
    none does)."""
    kind, which = prop["kind"], [names.index(n) for n in prop["args"]]
    said = listed([f"`{names[i]}`" for i in which])

    def compare(got, want) -> str | None:
        try:
            return mismatch(as_tree(got), want, rtol, atol)
        except ValueError:
            return "its answer is not made of numbers"

    hidden = [c for c in cases if c.hidden]
    if kind == "scale":
        case = hidden[0] if hidden else None
        if case is None:
            return None
        factor, power = _number(prop.get("factor"), -3.0), _number(prop.get("power"), 1.0)
        args = tuple((_scaled(a, factor) if i in which else a) for i, a in enumerate(case.args))
        scale = factor**power

        def judge(answers):
            base, scaled = answers
            try:
                want = _map(lambda a: a * scale, as_tree(base))
            except ValueError:
                return "your answer is not made of numbers"
            problem = compare(scaled, want)
            return (
                None
                if problem is None
                else (
                    f"multiplying {said} by {factor:g} should multiply your answer by "
                    f"{scale:g}; on {case.name} it did not ({problem})."
                )
            )

        return Check(
            f"property: multiplying {said} by {factor:g} multiplies the answer by {scale:g}",
            [case.args, args],
            judge,
            kind,
        )
    fits = [c for c in hidden if all(np.ndim(c.args[i]) and len(c.args[i]) >= 2 for i in which)]
    if not fits:
        return None
    case = max(fits, key=lambda c: len(c.args[which[0]]))
    n = len(case.args[which[0]])
    if kind == "reorder":
        order = rng.permutation(n)
        while n > 1 and np.all(order == np.arange(n)):
            order = rng.permutation(n)
        args = tuple((np.asarray(a)[order] if i in which else a) for i, a in enumerate(case.args))
        same = (prop.get("output") or "same") == "same"

        def judge(answers):
            base, moved = answers
            try:
                want = as_tree(base) if same else _map(lambda a: a[order], as_tree(base))
            except (ValueError, IndexError):
                return "your answer has no rows to reorder"
            problem = compare(moved, want)
            if problem is None:
                return None
            should = (
                "leave your answer as it was" if same else "reorder your answer's rows the same way"
            )
            return (
                f"reordering the examples (the rows of {said} together) should {should}; "
                f"on {case.name} it did not ({problem})."
            )

        what = "leaves the answer as it is" if same else "reorders the answer the same way"
        return Check(f"property: reordering the examples {what}", [case.args, args], judge, kind)
    if kind == "split" and n % 2 == 0:
        k = n // 2  # halves: the two parts are one shape, one program more, not two
    else:
        # the first part as long as another case's rows where one is shorter (the edge
        # of one row, often), so that it may be a shape compiled already
        rows = [np.shape(c.args[which[0]])[:1] for c in hidden]
        shorter = [r[0] for r in rows if r and 1 <= r[0] < n]
        k = min(shorter) if shorter else int(rng.integers(1, n))
    first = tuple((np.asarray(a)[:k] if i in which else a) for i, a in enumerate(case.args))
    if kind == "prefix":
        entry = prop.get("entry")
        what = "your answer" if entry is None else f"entry {entry} of your answer"

        def history(answer):
            tree = as_tree(answer)
            return tree if entry is None else tree[entry]

        def judge(answers):
            whole, part = answers
            try:
                want = _map(lambda a: a[:k], history(whole))
                got = history(part)
            except (ValueError, IndexError, KeyError, TypeError):
                return f"{what} has no rows, one per step, to compare"
            problem = compare(got, want)
            if problem is None:
                return None
            return (
                f"{what} on the first {k} of the {n} rows of {said} of {case.name} should be "
                f"the first {k} rows of it on all {n}; it is not ({problem})."
            )

        return Check(
            "property: the answer on the first rows is the start of the answer on all of them",
            [case.args, first],
            judge,
            kind,
        )
    if kind == "split":
        rest = tuple((np.asarray(a)[k:] if i in which else a) for i, a in enumerate(case.args))
        summed = (prop.get("output") or "sum") == "sum"

        def judge(answers):
            whole, a, b = answers
            try:
                want = (
                    _map(lambda x, y: x + y, as_tree(a), as_tree(b))
                    if summed
                    else _map(lambda x, y: np.concatenate([x, y]), as_tree(a), as_tree(b))
                )
            except ValueError:
                return "your answer is not made of numbers"
            problem = compare(whole, want)
            if problem is None:
                return None
            how = "the sum of" if summed else "made of"
            return (
                f"your answer on all {n} examples of {case.name} should be {how} your answers "
                f"on the first {k} and on the other {n - k}; it is not ({problem})."
            )

        how = "adds up" if summed else "puts together"
        return Check(
            f"property: the answer on all the examples {how} the answers on two parts of them",
            [case.args, first, rest],
            judge,
            kind,
        )
    return None


def _number(value, default: float) -> float:
    return default if value is None else float(value)


def _scaled(value, factor: float):
    if isinstance(value, dict):
        return {k: _scaled(v, factor) for k, v in value.items()}
    if isinstance(value, float):
        return value * factor
    # an array stays an array (a 0-d one too, which * would make a NumPy scalar): the
    # same signature as the case's, so no compile more
    return np.asarray(np.asarray(value) * factor)


HINTS = {
    "scale": "Your answer must follow from the arguments by the formula alone: every argument "
    "used as it is, nothing capped, clipped or hard-coded.",
    "reorder": "Every example must count the same wherever it stands in the batch: use every "
    "row, not the first few, and nothing that depends on their order.",
    "split": "Use every example, however many there are: no bound on how many rows you read.",
    "prefix": "Each step may use only its own row and the rows before it: nothing from a later "
    "row, and not how many rows there are in all.",
}


def calls_of(checks: list[Check]) -> list[tuple]:
    """Every check's calls, in order: one round trip asks them all."""
    return [call for check in checks for call in check.calls]


def run_checks(call_many, checks: list[Check]) -> list[TestResult]:
    """Every check's calls in one round trip, each judged: a call that raised fails it."""
    calls = calls_of(checks)
    answers = call_many(calls) if calls else []
    tests, at = [], 0
    for check in checks:
        mine, at = answers[at : at + len(check.calls)], at + len(check.calls)
        raised = next((a for a in mine if isinstance(a, LearnerRaised)), None)
        why: str | None
        if raised is not None:
            why = f"could not be checked: your function raised {raised.info.get('type')}."
        else:
            why = check.judge(mine)
        tests.append(TestResult(check.name, "pass" if why is None else "fail", why or ""))
    return tests


NOT_CHECKED = "not checked: the properties are checked once every case passes."


def not_checked(checks: list[Check]) -> list[TestResult]:
    """The properties' tests where a case failed: not passed, so that every check of an
    exercise has the same tests (a gradebook's totals agree), and not run."""
    return [TestResult(check.name, "fail", NOT_CHECKED) for check in checks]


def broken(tests: list[TestResult], kinds: dict[str, str]) -> Diagnosis | None:
    """The first failed property, as a diagnosis (`kinds`: each test's kind of property)."""
    failed = next(
        (t for t in tests if t.status != "pass" and t.name in kinds and t.message != NOT_CHECKED),
        None,
    )
    if failed is None:
        return None
    message = failed.message[0].upper() + failed.message[1:]
    return Diagnosis("broken_property", message, hint=HINTS[kinds[failed.name]])
