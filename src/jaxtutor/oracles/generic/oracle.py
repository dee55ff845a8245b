"""The generic oracle: one check of a TOML exercise, the learner's runs beside the
reference's and, where the answers point to them, the mutants'."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from jaxtutor.explain import known
from jaxtutor.oracles import properties
from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.evidence import without_comments
from jaxtutor.oracles.generic import (
    causes,
    runs,  # runs.run_program at call time: one patch sees every run
    variants,
)
from jaxtutor.oracles.generic.cases import Prepared, prepare
from jaxtutor.oracles.generic.compare import (
    _export_known,
    compile_tests,
    dtype_only,
    grouped,
    judge,
    same_mistake,
    structure_tests,
)
from jaxtutor.oracles.generic.declared import declared
from jaxtutor.oracles.generic.kept_cases import affordable, decided_cut, only
from jaxtutor.oracles.generic.mutants import (
    _agrees,
    _export_raises,
    _first_run,
    _likely,
    _likely_by_export,
    _suspects,
    _whole_run,
    has_evidence,
)
from jaxtutor.oracles.generic.named_shapes import shapes_said
from jaxtutor.oracles.generic.recompiles import (
    COMPILES_HINT,
    compiles_again,
    count_compiles,
    float_shapes,
    same_shape_calls,
)
from jaxtutor.oracles.generic.runs import (
    Raised,
    Run,
    _answers,
    answered_by_programs,
    needs_programs,
    observe,
    start_observing,
)
from jaxtutor.oracles.generic.sides import edges_measured, sides_measured
from jaxtutor.oracles.generic.spec import KEYS
from jaxtutor.oracles.interface import Misconception, Oracle, Report
from jaxtutor.oracles.learner import Exported, Learner
from jaxtutor.oracles.values import ATOL, RTOL
from jaxtutor.runner.host.errors import LearnerRaised, RunEnded
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.pool import TrustedChild
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.verdict import Diagnosis

# probes whose fact is a symptom (a NaN, a value left as it was, an argument that moves
# nothing), with a hint about symptoms: where a measurement then says where the answer
# parts, its hint is the one
_SYMPTOMS = ("probe_non_finite", "probe_no_step", "probe_ignored_argument")
# a probe that says only how large the difference is: a measurement that places it is
# the diagnosis in its place
_SIZE_ONLY = ("probe_small_difference",)


class ReferenceBroken(Exception):
    """The exercise's own reference does not run: the author's mistake, not the learner's."""


class GenericOracle(Oracle):
    name = "generic"
    keys = KEYS

    def needs_clean(self, exercise) -> bool:
        return needs_programs(exercise.config)

    def runs_programs(self, exercise) -> bool:
        return True  # the reference, always

    def run(self, learner: Learner, exercise, seed: int = 0) -> Report:
        p = prepare(exercise, seed)
        # the pool's (app, watch), which stays warm from check to check, else one for this check
        trusted = learner.trusted or TrustedChild(learner.spawn, learner.lesson)
        try:
            with trusted.lock.checking():  # before any warm-up's programs
                return self._run(learner, p, trusted)
        finally:
            if trusted is not learner.trusted:
                trusted.close()

    def op_by_op_shapes(self, exercise) -> list | None:
        return float_shapes(same_shape_calls(prepare(exercise, 0)))

    def warm(self, exercise, trusted: TrustedChild) -> None:
        """Run in `trusted` what every check runs first (the reference and each mutant
        on the fixed cases: remembered), then the reference on one draw of hidden cases
        and the mutants' programs in its judge, so that what JAX compiles for their
        shapes is there for the learner's first check (the app does this while the
        learner reads)."""
        p = prepare(exercise, 0)

        def reference(cases: list[Case]) -> None:
            runs.answers_of(p, p.reference_source, "reference.py", cases, trusted.spawn, trusted)

        reference(p.shown)
        for m in p.mutants:
            _first_run(p, m, trusted.spawn, trusted)
            if needs_programs(p.config):
                _export_raises(p, m, trusted)
        # the reference on hidden cases at the ranges' min and max, which every check
        # draws: kept by the trusted child, a JAX reference compiles only the middle size
        if hidden := prepare(exercise, 0, fixed_mid=True).hidden:
            reference(hidden)
        if needs_programs(p.config):  # each mutant's programs compiled by the judge
            for m in p.mutants:
                runs.run_program(
                    m["code"],
                    p.function,
                    p.config,
                    p.shown,
                    p.limits,
                    f"mutant_{m['id']}.py",
                    shared=trusted,
                )
        # last, each generated variant on the fixed cases: a wrong answer's search for
        # the one that explains it then finds their runs remembered
        for variant in variants.variants(p.solution):
            causes.variant_run(p, variant, p.shown, trusted.spawn, trusted)

    def _run(self, learner: Learner, p: Prepared, trusted: TrustedChild) -> Report:
        # the trusted child's programs, one after another. The reference starts at once
        # on the fixed cases (the same every check: remembered). Warm (a pool's trusted
        # child), its hidden cases start too, beside the learner's calls rather than after
        # them: wasted only when the learner's code raises, where a cold check would spend
        # a child on them
        pool = ThreadPoolExecutor(max_workers=1)
        side = ThreadPoolExecutor(max_workers=1)  # the learner's child's, never the pool's
        hidden = p.hidden

        def reference_run(cases: list[Case], ahead: Sequence[Case] = ()) -> Run:
            source = p.reference_source
            return runs.answers_of(p, source, "reference.py", cases, learner.spawn, trusted, ahead)

        def hidden_reference() -> Run:
            return reference_run(hidden) if hidden else Run([])

        try:
            ref_shown = pool.submit(reference_run, p.shown, hidden)
            ref_hidden = pool.submit(hidden_reference) if learner.trusted is not None else None
            counting, checks = same_shape_calls(p), self.property_checks(p)
            # the properties' calls are answered by the programs too, where those are the
            # answers: mostly shapes the judge compiles anyway, where the learner's child
            # would compile each again
            pending = start_observing(
                learner._child, p.config, p.cases, learner.take_clean(), properties.calls_of(checks)
            )
            cut = decided_cut(p, pending)  # the verdict fails whatever the answers
            if pending is not None and hidden:
                # the reference's hidden cases: a cold check starts them now, beside the
                # judge's runs, not once those are done (wasted only where the verdict is
                # an exception of the learner's)
                ref_hidden = ref_hidden or pool.submit(hidden_reference)
            # what a passing answer is asked next, asked now of the learner's child, idle
            # while the clean child compiles and runs its programs
            ahead = (
                side.submit(_Asked, learner, counting)
                if pending is not None and pending.pure and counting
                else None
            )
            whole = answered_by_programs(pending)

            def asked() -> _Asked | None:
                """The count asked ahead, once the learner's child has answered it: the
                child is asked nothing else meanwhile."""
                return ahead.result() if ahead is not None else None

            if whole is None:  # the child answers the cases itself, after the count
                asked()
            if pending is not None and pending.raised is not None and hidden:
                # the function could not be exported: the mutant that fails the same way
                # (jit_dynamic_lr's static lr) is the likely one, and its run on the
                # cases kept starts now, beside the learner's calls; later, `likely`
                # finds it remembered (or runs the one the answers point to)
                pool.submit(
                    _likely_by_export, only(p, cut), pending.raised.info, learner.spawn, trusted
                )
            # the learner's fixed cases first: they say which mutant to run on every
            # case while the learner's child answers the rest
            first = (
                whole.answers[: len(p.shown)]
                if whole
                else _answers(
                    learner._child.call_many(
                        [c.args for c in p.shown], ahead=[c.args for c in hidden]
                    )
                )
            )
            keep = cut or affordable(p, learner._child)
            p = only(p, keep)
            code = without_comments(learner.source)
            raised = next((i for i, a in enumerate(first) if isinstance(a, Raised)), None)
            suspects = _suspects(p, first)
            if raised is not None and not suspects:
                # an exception no mutant can share (the starter's NotImplementedError):
                # the verdict is that exception; the other cases and the reference
                # cannot change it
                raise _raised(p, Run(first), raised, None, code)

            def likely():
                _likely(p, suspects, first, learner.spawn, trusted)

            jobs = [likely]
            if raised is None:  # an exception is the verdict whatever the reference says
                jobs = [
                    lambda: _joined(
                        ref_shown.result(),
                        ref_hidden.result() if ref_hidden else hidden_reference(),
                        keep,
                    )
                ]
                # no mutant is run for a learner right on the fixed cases (a cold check
                # would compile them all beside the learner's) unless a rule already
                # failed: later, if at all
                if not _right(p, first, ref_shown.result()) or _fails_a_rule(p, pending, whole):
                    jobs.append(likely)
            futures = [pool.submit(job) for job in jobs]
            # waited for only now: a cold check's reference on the hidden cases (and a
            # mutant's runs) start beside the count, not after it
            extras = asked()
            mine = whole or observe(learner._child, p.config, p.cases, first=first, pending=pending)
            raised = next((i for i, a in enumerate(mine.answers) if isinstance(a, Raised)), None)
            if raised is not None and not _suspects(p, mine.answers):
                raise _raised(p, mine, raised, None, code)
            if raised is not None:
                futures[-1].result()  # the likely mutant's runs: recognise finds them
        finally:
            pool.shutdown(wait=False)
            side.shutdown(wait=False)
        if raised is None:
            reference = futures[0].result()
            if reference.load_error or any(isinstance(a, Raised) for a in reference.answers):
                failed = reference.load_error or next(
                    f"{a.type}: {a.message[:300]}"
                    for a in reference.answers
                    if isinstance(a, Raised)
                )
                raise ReferenceBroken(f"the exercise's reference failed: {failed}")
            report = Report(judge(p.config, p.cases, mine, reference))
            if all(t.status == "pass" for t in report.tests):
                count = extras.count() if extras else count_compiles(learner, counting)
                recompiled = compiles_again(report, counting, count)
                if recompiled is not None:
                    report.tests.append(recompiled)
            else:
                recompiled = None
            # the properties, once every case is right (the rules need not be)
            cases_right = all(t.status == "pass" for t in report.tests[: len(p.cases)])
            answered = (
                pending.result().more if pending and whole is not None and cases_right else None
            )
            held = self.properties_held(learner, checks, run=cases_right, answered=answered)
            kinds = {c.name: c.kind for c in checks}
            report.tests += held
            if report.passed:
                return _grouped(report, p)  # the likely mutant's run, if any, is not waited for
            if (
                recompiled is not None
                and recompiled.status != "pass"
                and all(t.status == "pass" for t in report.tests if t is not recompiled)
            ):  # right answers, one program per call: that is the verdict
                report.diagnosis = Diagnosis(
                    "compiles_every_call", recompiled.message, hint=COMPILES_HINT
                )
                return _grouped(report, p)
            broken = properties.broken(held, kinds) if cases_right else None
            if broken is not None and all(
                t.status == "pass" for t in report.tests if t.name not in kinds
            ):  # every case and rule right, a property not: that is the verdict
                report.diagnosis = broken
                return _grouped(report, p)
            if learner.judged is not None:  # the verdict now, its cause when it is found
                learner.judged(Report(grouped(p.cases, list(report.tests))))
            futures[-1].result()
        misconception = self.recognise(p, mine, learner.spawn, trusted, code)
        if raised is not None:
            raise _raised(p, mine, raised, misconception, code)
        if misconception:
            report.diagnosis = misconception.diagnose()
        else:
            found = dtype_only(p.config, mine.answers, reference.answers) or causes.probe_answers(
                learner, p, mine, reference
            )
            report.diagnosis = (
                declared(p.config, code, probed=found) or found or _export_known(mine)
            )
            if report.diagnosis is None or report.diagnosis.id.startswith("probe_"):
                # what the probes saw in the numbers, then what was measured: the one
                # variant of the solution the answers equal, else each part out of play
                statuses = [t.status for t in report.tests[: len(p.cases)]]
                where = (
                    causes.variant_measured(learner, p, mine, report, trusted)
                    or causes.parts_measured(learner, p, report, trusted)
                    or sides_measured(p.config, p.cases, statuses)
                    or edges_measured(p.cases, statuses)
                )
                # a measurement that places the difference nowhere adds nothing to a probe's
                placed = where is not None and where.id != "parts_not_placed"
                if where is not None and placed and report.diagnosis is not None:
                    if report.diagnosis.id in _SIZE_ONLY:
                        report.diagnosis = where
                    else:
                        report.diagnosis.message += " " + where.message
                        if report.diagnosis.id in _SYMPTOMS:
                            report.diagnosis.hint = where.hint or report.diagnosis.hint
                else:
                    report.diagnosis = report.diagnosis or where
        smaller = causes.smallest_case(learner, p, report, mine, trusted)
        if report.diagnosis is None and smaller:  # no mistake named: the case, at least
            report.diagnosis = Diagnosis("smallest_failing_case", smaller.strip())
        elif report.diagnosis is not None:
            report.diagnosis.message += smaller
        return _grouped(report, p)

    @staticmethod
    def property_checks(p: Prepared) -> list[properties.Check]:
        """The exercise's [[exercise.properties]], each a Check of more calls of the
        learner's function on a hidden case (see oracles/properties.py)."""
        names = tuple(a["name"] for a in p.config["args"])
        rng = np.random.default_rng([p.config.get("seed", 0), p.seed, 1])
        rtol, atol = p.config.get("rtol", RTOL), p.config.get("atol", ATOL)
        return [
            check
            for prop in p.config.get("properties") or []
            if (check := properties.build(prop, names, p.cases, rng, rtol, atol)) is not None
        ]

    @staticmethod
    def properties_held(
        learner: Learner,
        checks: list[properties.Check],
        run: bool = True,
        answered: list | None = None,
    ) -> list:
        """Each check's test; not `run`: each not checked (a case failed). `answered`:
        the learner's answers to the checks' calls, asked already."""
        if not run:
            return properties.not_checked(checks)
        return properties.run_checks(
            learner.call_many if answered is None else lambda _: answered, checks
        )

    @staticmethod
    def recognise(
        p: Prepared,
        mine: Run,
        spawn: Callable[[Limits], Child] = Child,
        trusted: TrustedChild | None = None,
        code: str = "",
    ) -> Misconception | None:
        """The first mutant (in the author's order) that makes the learner's mistake.
        Lazily: a mutant that cannot share the learner's exception is never run; the
        others run first on the fixed cases (remembered from check to check, since
        hidden cases are drawn afresh), and on every case only where those agree; one
        that `needs` a construct, only where `code` (the learner's, comments left out)
        has it."""
        for mutant in _suspects(p, mine.answers):
            if not _agrees(p, mine.answers, _first_run(p, mutant, spawn, trusted)):
                continue
            # one after another in the reference's child: each reuses what the others
            # compiled. Under the child's jit (one compile per shape; run as written,
            # each operation compiles on its own, which is slower), which runs plainly
            # every call jit cannot take, and every call of a function that keeps a
            # traced value (a mutant that remembers its first batch)
            run = _whole_run(p, mutant, spawn, trusted)
            if same_mistake(p.config, p.cases, mine, run) and has_evidence(mutant, code):
                return Misconception(mutant["id"], mutant["message"], mutant["hint"])
        return None


class _Asked:
    """The learner's child's count of the compiles of calls as it is, asked while the
    clean child runs the programs (a failing answer's is not used). The child's end
    (RunEnded) is raised where the count is used, as it would have been when asked then."""

    def __init__(self, learner: Learner, counting: list[tuple]) -> None:
        self._count: int | None = None
        self._ended: RunEnded | None = None
        try:
            self._count = count_compiles(learner, counting)
        except RunEnded as ended:
            self._ended = ended

    def count(self) -> int | None:
        if self._ended is not None:
            raise self._ended
        return self._count


def _fails_a_rule(p: Prepared, pending: Exported | None, whole: Run | None) -> bool:
    """A structure or recompilation rule the learner fails, known before its answers:
    its function could not be exported, or its programs' runs (its answers) break one."""
    if pending is None:
        return False
    if pending.raised is not None:
        return True
    return whole is not None and any(
        t.status != "pass"
        for t in structure_tests(p.config, p.cases, whole) + compile_tests(p.config, p.cases, whole)
    )


def _grouped(report: Report, p: Prepared) -> Report:
    """The report as learners read it: one test per shape of hidden cases."""
    report.tests = grouped(p.cases, report.tests)
    return report


def _joined(shown: Run, hidden: Run, keep: list[int] | None = None) -> Run:
    """The reference's answers on every case, from its runs on the fixed and the hidden;
    only the cases in `keep`, when the check kept fewer (see kept_cases.py)."""
    answers = shown.answers + hidden.answers
    if keep and len(answers) > max(keep):
        answers = [answers[i] for i in keep]
    return Run(answers, load_error=shown.load_error or hidden.load_error)


def _right(p: Prepared, answers: list, reference: Run) -> bool:
    """Whether the learner's answers on the fixed cases pass (a broken reference: no)."""
    if reference.load_error or len(reference.answers) != len(p.shown):
        return False
    return all(
        t.status == "pass"
        for t in judge(p.config, p.shown, Run(answers), reference)[: len(p.shown)]
    )


def _raised(
    p: Prepared, mine: Run, raised: int, misconception: Misconception | None, code: str
) -> LearnerRaised:
    """The learner's exception, for check.py to explain; the mutant, if any, names its
    cause, else a declared mistake whose error pattern fits."""
    error = LearnerRaised(mine.answers[raised].info)
    error.case = p.cases[raised].title(failed=True)
    entry = known(error.info)
    if entry is not None and entry.id == "shapes_do_not_fit":
        error.case_said = shapes_said(str(error.info.get("message", "")), p.config, p.cases[raised])
    error.diagnosis = (
        misconception.diagnose()
        if misconception
        else declared(p.config, code, error=mine.answers[raised])
    )
    return error
