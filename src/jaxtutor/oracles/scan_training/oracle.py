"""The scan_training_step oracle: the learner's function exported once per shape of the
batches, each program checked for a scan over the batches and run for the answers."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

from jaxtutor.explain import explain, known
from jaxtutor.oracles import structure
from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.evidence import without_comments
from jaxtutor.oracles.interface import Oracle, Report, first_raised, run_cases
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.scan_training.diagnosis import diagnose, diagnose_raised
from jaxtutor.oracles.scan_training.exercise import (
    ARG_NAMES,
    ATOL,
    COMPOSITION_TEST,
    MISCONCEPTIONS,
    RTOL,
    STRUCTURE_TEST,
    _rows,
    make_cases,
    reference,
)
from jaxtutor.oracles.scan_training.properties import composition, halves
from jaxtutor.oracles.values import mismatch
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis, TestResult


class ScanTrainingOracle(Oracle):
    name = "scan_training_step"
    misconceptions = MISCONCEPTIONS

    settings = {"steps_per_batch": "descent steps taken on each batch, one after the other"}

    def __init__(self, steps_per_batch: int = 1) -> None:
        if type(steps_per_batch) is not int or not 1 <= steps_per_batch <= 4:
            raise ValueError(f"steps_per_batch must be 1 to 4; got {steps_per_batch!r}")
        self.repeat = steps_per_batch

    def reference(self, *args):
        return reference(*args, repeat=self.repeat)

    def needs_clean(self, exercise) -> bool:
        return True

    def run(self, learner: Learner, exercise, seed: int = 0) -> Report:
        """The learner's function is exported once per shape of the batches, and a
        process that never ran the learner's code checks each program for a scan over
        the batches and runs it on every case of that shape: those runs are the
        answers, so what was checked is what was run. When the function cannot be
        exported, it is called as it is, for its answers or its exception."""
        cases = make_cases(seed, self.repeat)
        side = ThreadPoolExecutor(max_workers=1)
        try:
            pending = learner.start_programs([c.args for c in cases], _rows)
            # the composition's calls, in the learner's child (idle once its exports are
            # done) while the clean child compiles and runs the programs; not where the
            # function prints (`result` then asks that child to run it, for its output).
            # Taken once the programs are judged: a program slow to compile is then the
            # checking process's, whose limit says so, never a call of the learner's
            prints = any(e["prints"] for e in pending.exported)
            later = pending.raised is not None or prints
            early = None if later else side.submit(halves, learner, cases)
            found = pending.result()
            parts = early.result() if early is not None else halves(learner, cases)
        except LearnerRaised as raised:
            explanation, _ = explain(raised.info)
            entry = known(raised.info)
            # a number made of the scan's result, not a Python loop's float() (that one is
            # no_scan): the file must call a scan
            uses_scan = re.search(r"\bscan\(", without_comments(learner.source))
            named = (
                MISCONCEPTIONS["python_number_result"].diagnose()
                if entry is not None and entry.id == "tracer_to_python_number" and uses_scan
                else None
            )
            return self._called(learner, cases, _NOT_EXPORTED + explanation, named)
        finally:
            side.shutdown(wait=False)  # an end of the programs' is the verdict: not waited for
        if any(f.get("ok") is not True for f in found.facts):
            return self._called(learner, cases, _REFUSED, parts=parts)
        answers = found.values
        tests = [_test(case, got) for case, got in zip(cases, answers)]
        composed = composition(cases, answers, parts)
        scan_test, scan_diagnosis = check_structure(found.facts)
        report = Report(tests + [composed, scan_test])
        if report.passed:
            return report
        if all(t.status == "pass" for t in tests):
            report.diagnosis = _parts_differ(composed) or scan_diagnosis
            return report
        reverse = structure.backwards(found.facts)
        report.diagnosis = self.as_first_written(exercise, cases, answers) or diagnose(
            learner, cases, answers, scan_diagnosis, reverse, self.repeat
        )
        _also(report.diagnosis, composed)
        return report

    def _called(
        self,
        learner: Learner,
        cases: list[Case],
        why_no_scan: str,
        named: Diagnosis | None = None,
        parts: tuple | None = None,
    ) -> Report:
        """No program to check: the answers (or the exception) of the learner's function
        called as it is; the scan test fails, saying why (`named`: the mistake that
        kept it from compiling, when it is one we know; `parts`: the composition's
        answers, when asked already)."""
        tests, answers = run_cases(learner, cases, RTOL, ATOL)
        if (first := first_raised(answers, cases)) is not None:
            index = next(i for i, a in enumerate(answers) if a is first)
            first.diagnosis = diagnose_raised(first, learner.source, cases[index])
            raise first
        composed = composition(cases, answers, parts or halves(learner, cases))
        scan_test, scan_diagnosis = _no_scan(why_no_scan)
        scan_diagnosis = named or scan_diagnosis
        report = Report(tests + [composed, scan_test])
        if all(t.status == "pass" for t in tests):
            report.diagnosis = _parts_differ(composed) or scan_diagnosis
        else:
            report.diagnosis = diagnose(learner, cases, answers, scan_diagnosis, repeat=self.repeat)
            _also(report.diagnosis, composed)
        return report


def _parts_differ(composed: TestResult) -> Diagnosis | None:
    """Every case right, but training in two parts ends elsewhere: that, in words."""
    if composed.status == "pass":
        return None
    return MISCONCEPTIONS["parts_differ"].diagnose(
        message=f"{MISCONCEPTIONS['parts_differ'].message} {composed.message[0].upper()}"
        f"{composed.message[1:]}"
    )


def _also(diagnosis: Diagnosis | None, composed: TestResult) -> None:
    """A wrong answer's diagnosis, and the composition when it fails too."""
    if diagnosis is not None and composed.status != "pass" and composed.name == COMPOSITION_TEST:
        diagnosis.message += f" Also, {composed.message}"


def _test(case: Case, got) -> TestResult:
    if got is None:
        return TestResult(
            case.title(failed=True), "error", "the tutor could not run your compiled function"
        )
    if (problem := mismatch(got, case.expected, *case.tolerance(RTOL, ATOL))) is None:
        return TestResult(case.name, "pass")
    return TestResult(case.title(failed=True), "fail", problem)


_NOT_EXPORTED = (
    "Your function could not be compiled with jax.jit, so the tutor cannot see "
    "a lax.scan in it. The whole function must work on traced arrays, which "
    "have no values yet: no float(), int() or Python if on them.\n"
)
_REFUSED = (
    "Your compiled function uses something the tutor does not run (a host "
    "callback such as jax.pure_callback, say), so its lax.scan cannot be checked."
)


def check_structure(facts: list[dict]) -> tuple[TestResult, Diagnosis | None]:
    """Whether every shape's program scans over the batches as the lesson says (see
    oracles/structure.py)."""
    if any(found.get("ok") is not True for found in facts):
        return _no_scan(_REFUSED)
    broken = structure.scan_rule(facts, [list(ARG_NAMES[2:])])
    if broken is not None and broken.id == "no_loop" and "has a loop of" in broken.message:
        # a loop over another axis: the hint is about the axis scan steps over
        return _no_scan(broken.message, _OTHER_AXIS)
    if broken is not None:
        return _no_scan(broken.message)
    return TestResult(STRUCTURE_TEST, "pass"), None


_OTHER_AXIS = (
    "lax.scan hands its body one slice along the first axis of its xs at each step. A "
    "row of x_batches is one batch of B examples; a column is one example of every batch."
)


def _no_scan(message: str, hint: str | None = None) -> tuple[TestResult, Diagnosis]:
    diagnosis = MISCONCEPTIONS["no_scan"].diagnose(message=message)
    if hint is not None:
        diagnosis.hint = hint
    return TestResult(STRUCTURE_TEST, "fail", message), diagnosis
