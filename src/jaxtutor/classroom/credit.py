"""Partial credit: how an exercise's points follow from its verdict (docs/classroom.md).

A wrong answer can agree with the right one on some cases (a mean where the sum is asked
agrees on a case of one example), so a share of points per passed case would reward
those accidents. The rule instead:

- A mistake the check recognised (a named misconception: the answers are a known wrong
  program's; or a failed property) scores 0 for the whole exercise: the cases it passed,
  it passed where the mistake happens to agree with the right answer. What only
  describes failed cases (a probe's fact about the numbers, a smaller failing case, an
  explained JAX error) names no mistake: the groups below decide.
- Otherwise the points are shared equally by the exercise's groups of tests (its
  teaching cases, its hidden cases, its properties, its requirements on how the code is
  built), and a group earns its share only when every test in it passed.
- A run that ended before its cases (syntax error, crash, timeout) scores 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxtutor.explain import KNOWN
from jaxtutor.verdict import TestResult, Verdict

TEACHING, HIDDEN, PROPERTIES, REQUIREMENTS = (
    "teaching cases",
    "hidden cases",
    "properties",
    "requirements",
)
# diagnoses that describe failed cases without naming the answer a known wrong one
_NOT_A_MISTAKE = {"smallest_failing_case"} | {known.id for known in KNOWN}
_PROBE = "probe_"


def group_of(test_name: str) -> str:
    """The group of a test, from the name the oracles give it."""
    if test_name.startswith("hidden case"):
        return HIDDEN
    if test_name.startswith("property:"):
        return PROPERTIES
    if test_name.startswith("structure:") or test_name.startswith("changing the values"):
        return REQUIREMENTS
    return TEACHING


def shares(points: float, n: int) -> list[float]:
    """`points` in `n` equal shares (to 4 places) that add up to `points` exactly."""
    share = round(points / n, 4)
    return [share] * (n - 1) + [round(points - share * (n - 1), 4)]


def recognised_mistake(verdict: Verdict) -> str | None:
    """The id of the mistake a failed check recognised, if it recognised one."""
    diagnosis = verdict.diagnosis
    if verdict.passed or diagnosis is None or diagnosis.id in _NOT_A_MISTAKE:
        return None
    if diagnosis.id.startswith(_PROBE):
        return None
    return diagnosis.id


@dataclass
class Credit:
    test: TestResult
    group: str
    score: float
    max_score: float
    why_zero: str = ""  # for a passed test that scores 0: the rule that says so

    @property
    def passed(self) -> bool:
        return self.test.status == "pass"


def _mistake_words(mistake: str) -> str:
    if mistake == "broken_property":
        return "a property every right answer has failed"
    return f"your answer was recognised as a known mistake ({mistake})"


def credit(verdict: Verdict, points: float) -> list[Credit]:
    """Each test of a verdict with its share of `points` and its score under the rule
    (empty when the run ended before its cases: then the exercise scores 0)."""
    groups: dict[str, list[TestResult]] = {}
    for test in verdict.tests:
        groups.setdefault(group_of(test.name), []).append(test)
    if not groups:
        return []
    mistake = recognised_mistake(verdict)
    # a check can fail past its tests (each passed): then none of them earns anything
    unexplained = not verdict.passed and all(t.status == "pass" for t in verdict.tests)
    by_test: dict[int, Credit] = {}
    for (group, tests), share in zip(groups.items(), shares(points, len(groups))):
        failed = sum(t.status != "pass" for t in tests)
        for test, part in zip(tests, shares(share, len(tests))):
            earned = part if mistake is None and failed == 0 and not unexplained else 0.0
            why = ""
            if test.status == "pass" and not earned:
                if mistake is not None:
                    why = (
                        f"This passed, but {_mistake_words(mistake)}, which agrees with "
                        "the right answer here: a recognised mistake scores 0 for the "
                        "exercise."
                    )
                elif failed:
                    why = (
                        f"This passed, but {failed} of the {len(tests)} {group} did not: "
                        f"the {group} earn their {share:g} points only when all of them pass."
                    )
                else:
                    why = "This passed, but the check did not: " + verdict.message.strip()
            by_test[id(test)] = Credit(test, group, earned, part, why)
    return [by_test[id(t)] for t in verdict.tests]


def total(verdict: Verdict, points: float) -> float:
    """The exercise's score under the rule."""
    if not verdict.tests:
        return points if verdict.passed else 0.0
    return round(sum(c.score for c in credit(verdict, points)), 4)
