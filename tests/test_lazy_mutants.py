"""When a generic exercise's mutants run: never when the learner's own `raise` made
the exception (no mutant can share it), first on the fixed cases only (the same on
every check, so remembered), and on every case only where those agree. Observed
through the programs asked for, never through timings."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from conftest import cold
from jaxtutor.check import check_source, warm
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic import runs as generic_runs
from jaxtutor.oracles.generic.cases import make_cases, prepare
from jaxtutor.oracles.generic.oracle import _fails_a_rule


def exercise(lesson_id):
    return find_exercise(lesson_id, builtin_lessons()).exercise


@pytest.fixture
def programs(monkeypatch):
    """(filename, number of cases) of every trusted program a check asks for."""
    asked = []
    real = generic_runs.run_program

    def spy(source, function, config, cases, limits, filename, *args, **kwargs):
        asked.append((filename, len(cases)))
        return real(source, function, config, cases, limits, filename, *args, **kwargs)

    monkeypatch.setattr(generic_runs, "run_program", spy)
    return asked


@pytest.fixture
def calls(monkeypatch):
    """(filename loaded, calls, calls named ahead) of every call request to a child."""
    from jaxtutor.runner.host import sandbox

    files, asked = {}, []
    real_load, real_calls = sandbox.Child.load, sandbox.Child.call_many

    def load(self, source, filename, function):
        files[id(self)] = filename
        return real_load(self, source, filename, function)

    def call_many(self, calls, ahead=()):
        asked.append((files.get(id(self)), list(calls), list(ahead)))
        return real_calls(self, calls, ahead)

    monkeypatch.setattr(sandbox.Child, "load", load)
    monkeypatch.setattr(sandbox.Child, "call_many", call_many)
    return asked


def test_the_starters_not_implemented_error_runs_no_mutant(programs, calls):
    """Nor asks the learner's child for more than the fixed cases: the first exception
    there is the verdict."""
    ex = exercise("optimizer_state")
    verdict = check_source(ex, ex.starter, seed=1, **cold(ex))
    assert verdict.status == "error" and "NotImplementedError" in verdict.message
    assert not [name for name, _ in programs if name.startswith("mutant_")]
    assert [len(c) for name, c, _ in calls if name == "solution.py"] == [len(ex.config["cases"])]


def test_a_mutant_raising_the_learners_own_exception_is_still_recognised(programs):
    """The learner's own raise matches a mutant that raises it too."""
    ex = exercise("closures_train_step")
    raising = {
        "id": "gave_up",
        "message": "You raise instead of answering.",
        "hint": "h",
        "code": ex.starter,
    }
    config = dict(ex.config, mutants=list(ex.config["mutants"]) + [raising])
    ex = dataclasses.replace(ex, config=config)
    verdict = check_source(ex, ex.starter, seed=1, **cold(ex))
    assert verdict.status == "error" and verdict.diagnosis.id == "gave_up"
    assert {name for name, _ in programs if name.startswith("mutant_")} == {"mutant_gave_up.py"}


def test_a_mutants_jax_error_is_still_recognised():
    ex = exercise("immutable_arrays")
    mutant = next(m for m in ex.config["mutants"] if m["id"] == "in_place_update")
    verdict = check_source(ex, mutant["code"], seed=2, **cold(ex))
    assert verdict.status == "error" and verdict.diagnosis.id == "in_place_update"


def test_only_the_mutant_agreeing_on_the_fixed_cases_runs_on_every_case(programs):
    ex = exercise("optimizer_state")
    mutants = ex.config["mutants"]
    fixed = len(ex.config["cases"])
    last = mutants[-1]
    verdict = check_source(ex, last["code"], seed=3, **cold(ex))
    assert verdict.diagnosis is not None and verdict.diagnosis.id == last["id"]
    # asked for once or more (a second time it is remembered)
    runs = list(dict.fromkeys((name, n) for name, n in programs if name.startswith("mutant_")))
    # every mutant on the fixed cases, in order, and only the last one on all of them
    assert [name for name, n in runs if n == fixed] == [f"mutant_{m['id']}.py" for m in mutants]
    assert [name for name, n in runs if n > fixed] == [f"mutant_{last['id']}.py"]


def test_the_fixed_case_runs_are_remembered_between_checks(monkeypatch):
    """A second check draws other hidden cases, yet loads no mutant that failed to
    agree on the fixed cases: their runs there are remembered."""
    from jaxtutor.runner.host import sandbox

    loaded = []
    real = sandbox.Child.load

    def spy(self, source, filename, function):
        loaded.append(filename)
        return real(self, source, filename, function)

    monkeypatch.setattr(sandbox.Child, "load", spy)
    ex = exercise("optimizer_state")
    last = ex.config["mutants"][-1]
    check_source(ex, last["code"], seed=4, **cold(ex))
    loaded.clear()
    verdict = check_source(ex, last["code"], seed=5, **cold(ex))
    assert verdict.diagnosis.id == last["id"]
    assert [f for f in loaded if f.startswith("mutant_")] == [f"mutant_{last['id']}.py"]


def test_an_exception_on_a_fixed_case_never_waits_for_the_reference(programs):
    """The reference runs on the fixed cases (remembered), and on the hidden ones only
    when the learner's answer can be judged against it: an exception is the verdict."""
    ex = exercise("grad_basics")
    mutant = ex.config["mutants"][0]  # raises TypeError: grad of a non-scalar
    verdict = check_source(ex, mutant["code"], seed=6, **cold(ex))
    assert verdict.status == "error" and verdict.diagnosis.id == mutant["id"]
    fixed = len(ex.config["cases"])
    assert {n for name, n in programs if name == "reference.py"} == {fixed}
    passed = check_source(ex, ex.solution, seed=6, **cold(ex))
    assert passed.status == "pass"
    assert {n for name, n in programs if name == "reference.py"} == {
        fixed,
        len(make_cases(ex.config)) - fixed,
    }


def test_warming_a_lesson_runs_what_every_check_runs_first(monkeypatch, forked_child):
    """After `warm` (the app runs it while the learner reads), a wrong answer's check
    loads only the reference for the hidden cases and the mutant it matches."""
    from jaxtutor import oracles
    from jaxtutor.runner.host import sandbox
    from jaxtutor.runner.host.pool import TrustedChild

    generic_runs._CACHE.clear()
    ex = exercise("optimizer_state")
    trusted = TrustedChild(forked_child)
    try:
        oracles.get(ex.oracle).warm(ex, trusted)
    finally:
        trusted.close()
    loaded = []
    real = sandbox.Child.load

    def spy(self, source, filename, function):
        loaded.append(filename)
        return real(self, source, filename, function)

    monkeypatch.setattr(sandbox.Child, "load", spy)
    last = ex.config["mutants"][-1]
    verdict = check_source(ex, last["code"], seed=7, **cold(ex))
    assert verdict.diagnosis.id == last["id"]
    assert sorted(f for f in loaded if f != "solution.py") == [
        f"mutant_{last['id']}.py",
        "reference.py",
    ]


def test_a_solution_runs_no_mutant(programs):
    ex = exercise("capstone_training_run")
    assert check_source(ex, ex.solution, seed=8, **cold(ex)).status == "pass"
    assert not [name for name, _ in programs if name.startswith("mutant_")]


def test_a_rule_failed_before_the_answers_starts_the_likely_mutant_with_them(forked_child):
    """jit_dynamic_lr's starter makes lr static: its function cannot be exported, so the
    rules fail whatever its answers, and its likely mutant need not wait for them. The
    solution's programs, run for its answers, break no rule."""
    ex = exercise("jit_dynamic_lr")
    p = prepare(ex, seed=1)
    for source, fails in ((ex.starter, True), (ex.solution, False)):
        with forked_child() as child, forked_child() as clean:
            assert child.load(source, "solution.py", ex.function)["ok"] is True
            pending = generic_runs.start_observing(child, p.config, p.cases, clean)
            whole = generic_runs.answered_by_programs(pending)
            assert (whole is None) == fails
            assert _fails_a_rule(p, pending, whole) is fails
    verdict = check_source(ex, ex.starter, seed=1, **cold(ex))
    assert verdict.status == "fail" and verdict.diagnosis.id == "static_lr"


def test_a_function_that_cannot_be_exported_starts_the_mutant_failing_alike_before_its_answers(
    monkeypatch,
):
    """jit_dynamic_lr's starter: its export raises as the static_lr mutant's does, so that
    mutant's run on the cases the check keeps is asked for before the learner's first
    answers come back (the learner's first call here waits for it, so a later start
    would time out). The task counts recompiles, so the verdict fails whatever the
    answers: the fixed cases and each hidden shape's first are kept."""
    from jaxtutor.runner.host import sandbox

    ex = exercise("jit_dynamic_lr")
    cases = prepare(ex, seed=1).cases
    every = sum(not c.hidden for c in cases) + len({c.shape for c in cases if c.hidden})
    assert every < len(cases)
    started, waited, files = threading.Event(), [], {}
    real_run, real_load, real_calls = (
        generic_runs.run_program,
        sandbox.Child.load,
        sandbox.Child.call_many,
    )

    def run_program(source, function, config, cases, limits, filename, *args, **kwargs):
        if filename == "mutant_static_lr.py" and len(cases) == every:
            started.set()
        return real_run(source, function, config, cases, limits, filename, *args, **kwargs)

    def load(self, source, filename, function):
        files[id(self)] = filename
        return real_load(self, source, filename, function)

    def call_many(self, calls, *args, **kwargs):
        if files.get(id(self)) == "solution.py" and not waited:
            waited.append(started.wait(timeout=60))
        return real_calls(self, calls, *args, **kwargs)

    monkeypatch.setattr(generic_runs, "run_program", run_program)
    monkeypatch.setattr(sandbox.Child, "load", load)
    monkeypatch.setattr(sandbox.Child, "call_many", call_many)
    verdict = check_source(ex, ex.starter, seed=1, **cold(ex))
    assert waited == [True]
    assert verdict.status == "fail" and verdict.diagnosis.id == "static_lr"


def test_a_warm_check_asks_for_the_hidden_cases_reference_before_the_learners_answers(monkeypatch):
    """With a pool's trusted child, the reference's run on the hidden cases starts beside
    the learner's first calls, not after them (a cold check waits: see above)."""
    from jaxtutor.runner.host import sandbox
    from jaxtutor.runner.host.pool import WarmPool

    ex = exercise("higher_order_grad")
    fixed = len(ex.config["cases"])
    events = []
    real_run, real_calls = generic_runs.run_program, sandbox.Child.call_many

    def run_program(source, function, config, cases, limits, filename, *args, **kwargs):
        events.append((filename, len(cases)))
        return real_run(source, function, config, cases, limits, filename, *args, **kwargs)

    def call_many(self, *args, **kwargs):
        answers = real_calls(self, *args, **kwargs)
        if threading.current_thread() is threading.main_thread():  # the learner's child
            events.append(("answered", len(answers)))
        return answers

    monkeypatch.setattr(generic_runs, "run_program", run_program)
    monkeypatch.setattr(sandbox.Child, "call_many", call_many)
    with WarmPool(1) as pool:
        warm(ex, pool)
        events.clear()
        assert check_source(ex, ex.solution, seed=3, runners=pool).status == "pass"
    hidden = len(make_cases(ex.config)) - fixed
    assert events.index(("reference.py", hidden)) < events.index(("answered", fixed))


def test_the_fixed_case_runs_are_told_the_hidden_cases_to_come(calls):
    """The reference's and each mutant's run on the fixed cases names the hidden ones
    (`ahead`): random_keys' seed, a Python int, then takes new values, so the child
    traces it from the first run on and the run on every case compiles nothing."""
    generic_runs._CACHE.clear()  # a run remembered from an earlier test would ask for nothing
    ex = exercise("random_keys")
    mutant = ex.config["mutants"][0]
    verdict = check_source(ex, mutant["code"], seed=5, **cold(ex))
    assert verdict.diagnosis is not None and verdict.diagnosis.id == mutant["id"]
    p = prepare(ex, 5)
    seeds, hidden = [c.args[1] for c in p.shown], [c.args[1] for c in p.hidden]
    assert len(set(seeds + hidden)) > 1 and hidden
    asked = [(name, [c[1] for c in now], [c[1] for c in ahead]) for name, now, ahead in calls]
    for name in ("reference.py", f"mutant_{mutant['id']}.py"):
        assert (name, seeds, hidden) in asked, (name, asked)
