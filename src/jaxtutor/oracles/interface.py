"""What every oracle shares: the Oracle interface, misconceptions, reports, and the
common path of running the cases and comparing the answers.

An oracle generates cases (see cases.py), computes the answers with its own float64
NumPy reference, asks the learner's child for the learner's answers (see learner.py),
and compares them (see values.py). When an answer is wrong it compares with mutants of
the reference (one per known misconception) to say what went wrong, and when none
fits, the probes say what the answers show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jaxtutor.oracles import properties
from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.shrink import sizes_said, smallest
from jaxtutor.oracles.values import ATOL, RTOL, matches, mismatch
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis, TestResult


@dataclass(frozen=True)
class Misconception:
    id: str
    message: str  # what the learner's code does, in the learner's terms
    hint: str  # the hint aimed at it

    def diagnose(self, **details) -> Diagnosis:
        """A diagnosis of this misconception; `details` may say it more precisely."""
        return Diagnosis(**{"id": self.id, "message": self.message, "hint": self.hint, **details})


@dataclass
class Report:
    """An oracle's findings: one entry per test, and what it recognised."""

    tests: list[TestResult] = field(default_factory=list)
    diagnosis: Diagnosis | None = None

    @property
    def passed(self) -> bool:
        return bool(self.tests) and all(t.status == "pass" for t in self.tests)


class Oracle:
    """Base of the built-in oracles. The common path: run every case in one round trip;
    when a call raised, ask `diagnose_raised` what mistake is behind it (the exception
    then becomes the verdict); when an answer is wrong, ask `diagnose` about the first
    wrong one. An oracle with more to check (say, the jaxpr) overrides `run`."""

    name: str = ""
    misconceptions: dict[str, Misconception] = {}
    rtol, atol = RTOL, ATOL
    arg_names: tuple[str, ...] = ()  # the function's arguments, as the learner names them
    # the properties checked beside the cases ([[exercise.properties]]'s form, see
    # oracles/properties.py), and what a failed hidden case can lose while it is made
    # the smallest that still fails (see oracles/shrink.py): its sizes, and the
    # arguments whose numbers may be rounded
    properties: tuple[dict, ...] = ()
    sizes: tuple = ()
    rounded: tuple[int, ...] = ()
    # what a variant of the task may set ([[exercise.variants]]'s `settings`): each
    # name, with what it means; an oracle that takes any reads them in its __init__
    settings: dict[str, str] = {}

    def reference(self, *args):
        """The right answer for `args` (the probes ask it about inputs of their own)."""
        raise NotImplementedError

    def cases(self, seed: int) -> list[Case]:
        raise NotImplementedError

    def needs_clean(self, exercise) -> bool:
        """Whether a check judges exported programs (Learner.programs), so needs a
        child that never sees the learner's file."""
        return False

    def runs_programs(self, exercise) -> bool:
        """Whether a check runs the exercise's own programs in children of their own
        (Learner.spawn), beside the learner's."""
        return False

    def warm(self, exercise, trusted) -> None:
        """Run the exercise's own programs once ahead of the first check (see generic)."""

    def op_by_op_shapes(self, exercise) -> list | None:
        """The shapes of the float arrays a check calls the learner's function with as it
        is, op by op, if it does (see generic): a waiting child warms up for them."""
        return None

    def diagnose_raised(self, message: str) -> Diagnosis | None:
        return None

    def diagnose_error(self, info: dict, source: str) -> Diagnosis | None:
        """The mistake behind a raised error, from its report (type, message, the
        learner's frames) and the learner's file; by default from the message alone."""
        return self.diagnose_raised(info.get("message", ""))

    def diagnose(self, case: Case, got) -> Diagnosis | None:
        return None

    def diagnose_cases(
        self, cases: list[Case], answers: list, source: str = ""
    ) -> Diagnosis | None:
        """The mistake the answers on every case show together (a factor that follows
        an argument, say), where the first wrong case alone named none; `source`, the
        learner's file, is the evidence for a cause that is in the code."""
        return None

    def run(self, learner: Learner, exercise, seed: int = 0) -> Report:
        cases = self.cases(seed)
        tests, answers = run_cases(learner, cases, self.rtol, self.atol)
        if (raised := first_raised(answers, cases)) is not None:
            raised.diagnosis = self.diagnose_error(raised.info, learner.source)
            raise raised
        checks = [
            check
            for prop in self.properties
            if (
                check := properties.build(
                    prop, self.arg_names, cases, np.random.default_rng(seed), self.rtol, self.atol
                )
            )
            is not None
        ]
        report = Report(tests)
        if report.passed:
            # every case right: the properties, by more calls (where a case failed, it
            # says more than a property could)
            held = properties.run_checks(learner.call_many, checks)
            report.tests += held
            report.diagnosis = properties.broken(held, {c.name: c.kind for c in checks})
            return report
        report.tests += properties.not_checked(checks)
        case, got = next(
            (c, a)
            for c, a in zip(cases, answers)
            if not matches(a, c.expected, self.rtol, self.atol)
        )
        report.diagnosis = (
            self.as_first_written(exercise, cases, answers)
            or self.diagnose(case, got)
            or self.diagnose_cases(cases, answers, learner.source)
            or self.probe(learner, cases, answers)
        )
        smaller = self.smallest(learner, case) if case.hidden else ""
        if report.diagnosis is None and smaller:  # no mistake named: the case, at least
            report.diagnosis = Diagnosis("smallest_failing_case", smaller.strip())
        elif report.diagnosis is not None:
            report.diagnosis.message += smaller
        return report

    def as_first_written(self, exercise, cases: list[Case], answers: list) -> Diagnosis | None:
        """Answers that are, on every case, the task's as the lesson first wrote it,
        where a review asks a variant of it (its settings): said as such (the variant's
        own mutant says it where the exercise has its reference in TOML)."""
        table = exercise.config.get("variant")
        if not table or not exercise.config.get("settings"):
            return None
        first = type(self)()
        if not all(
            not isinstance(a, LearnerRaised)
            and matches(a, first.reference(*c.args), *c.tolerance(self.rtol, self.atol))
            for c, a in zip(cases, answers)
        ):
            return None
        from jaxtutor.course.variants import AS_WRITTEN, as_written_words

        words = as_written_words(table)
        return Diagnosis(AS_WRITTEN, words["message"], hint=words["hint"])

    def in_space(self, args: tuple) -> bool:
        """Whether a smaller case (see `smallest`) is still a case of the exercise."""
        return True

    def smallest(self, learner: Learner, case: Case) -> str:
        """The smallest case like `case` (a failed hidden one) that the learner still gets
        wrong, in a sentence ("" when none smaller fails, or the oracle has no sizes)."""
        if not self.sizes:
            return ""

        def fails(args: tuple) -> bool:
            (got,) = learner.call_many([args])
            return not isinstance(got, LearnerRaised) and not matches(
                got, self.reference(*args), self.rtol, self.atol
            )

        found = smallest(case.args, self.sizes, fails, rounded=self.rounded, valid=self.in_space)
        if found is None:
            return ""
        small = hidden_case(0, self.arg_names, found.args)
        return (
            f" {case.name.capitalize()} failed; the smallest case like it that your function "
            f"also gets wrong has {sizes_said(found.sizes)}: {small.inputs}."
        )

    def probe(self, learner: Learner, cases: list[Case], answers: list) -> Diagnosis | None:
        """What the answers show when no named mistake fits (see probes)."""
        # imported here, not above: only a wrong answer needs the probes, and every
        # check imports this module (probes import nothing that imports them)
        from jaxtutor.oracles.probes import Probe, probe

        return probe(
            Probe(
                cases,
                answers,
                [c.expected for c in cases],
                self.arg_names,
                call_many=learner.call_many,
                reference=lambda calls: [self.reference(*a) for a in calls],
                source=learner.source,
                tolerance=(self.rtol, self.atol),
            )
        )


def run_cases(
    learner: Learner, cases: list[Case], rtol: float = RTOL, atol: float = ATOL
) -> tuple[list[TestResult], list]:
    """Call the learner once per case (one round trip) and compare each answer.
    Returns the test results and the learner's answers (a LearnerRaised where the
    call raised: the oracle decides whether it recognises that exception)."""
    answers = learner.call_many([case.args for case in cases])
    tests = []
    for case, got in zip(cases, answers):
        if isinstance(got, LearnerRaised):
            tests.append(
                TestResult(case.title(failed=True), "error", f"raised {got.info.get('type')}")
            )
        elif (problem := mismatch(got, case.expected, *case.tolerance(rtol, atol))) is None:
            tests.append(TestResult(case.name, "pass"))
        else:
            tests.append(TestResult(case.title(failed=True), "fail", problem))
    return tests, answers


def first_raised(answers: list, cases: list[Case] | None = None) -> LearnerRaised | None:
    """The first call that raised; given the cases, it also says which case it was
    (check.py shows it: the exception then replaces the tests in the verdict)."""
    for i, answer in enumerate(answers):
        if isinstance(answer, LearnerRaised):
            if cases is not None:
                answer.case = cases[i].title(failed=True)
            return answer
    return None
