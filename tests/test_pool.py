"""The warm pool: real child processes, no timing assertions."""

from __future__ import annotations

import contextlib
import threading
import time
import uuid

from jaxtutor.check import check_source, limits_for, warm
from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
from jaxtutor.runner.host import launch, procs
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.pool import ChecksFirst, WarmPool

# load_dir: a lesson file another change is breaking must not stop these tests
EXERCISE = find_exercise("argnums", load_dir(builtin_dir())[0]).exercise


def _left(child) -> set[int]:
    """Processes of a child's run still running: its root, its group and session, and
    their descendants."""
    table = procs.table()
    return {pid for pid in procs.members(table, child.proc.pid, {}) if not table[pid].zombie}


def test_hands_out_a_ready_child_that_checks():
    with WarmPool(1) as pool:
        assert pool.wait_ready(timeout=120)
        child = pool.take(limits_for(EXERCISE))
        assert child.is_ready() and pool.handed_out == 1 and pool.fresh == 0
        verdict = check_source(EXERCISE, EXERCISE.solution, child=child)
        assert verdict.status == "pass", verdict.message
        assert not child.alive()  # check_source killed it: it ran learner code


def test_never_the_same_child_twice():
    with WarmPool(1) as pool:
        assert pool.wait_ready(timeout=120)
        first = pool.take(limits_for(EXERCISE))
        check_source(EXERCISE, EXERCISE.solution, child=first)
        assert pool.wait_ready(timeout=120)  # the replacement started when `first` was taken
        second = pool.take(limits_for(EXERCISE))
        try:
            assert second is not first and second.proc.pid != first.proc.pid
            assert second.alive() and not first.alive()
        finally:
            second.kill()


def test_falls_back_to_a_fresh_child_when_empty():
    with WarmPool(1) as pool:
        assert pool.wait_ready(timeout=120)  # else which take gets the pool's child is a race
        taken = [pool.take(limits_for(EXERCISE)), pool.take(limits_for(EXERCISE))]
        assert pool.handed_out == 1 and pool.fresh == 1
        verdicts = [check_source(EXERCISE, EXERCISE.solution, child=c) for c in taken]
        assert [v.status for v in verdicts] == ["pass", "pass"]


def test_many_takes_at_once_get_distinct_children():
    taken, lock = [], threading.Lock()
    with WarmPool(2) as pool:

        def grab():
            child = pool.take()
            with lock:
                taken.append(child)

        threads = [threading.Thread(target=grab) for _ in range(5)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        try:
            assert len({c.proc.pid for c in taken}) == 5
            assert pool.handed_out + pool.fresh == 5
        finally:
            for child in taken:
                child.kill()


def test_a_closed_pool_still_gives_a_child():
    pool = WarmPool(1)
    pool.close()
    child = pool.take(limits_for(EXERCISE))
    verdict = check_source(EXERCISE, EXERCISE.solution, child=child)
    assert verdict.status == "pass" and pool.fresh == 1


def test_other_output_limit_gets_its_own_child():
    with WarmPool(1) as pool:
        child = pool.take(Limits(output_bytes=1024))
        try:
            assert child.limits.output_bytes == 1024 and pool.fresh == 1
        finally:
            child.kill()


def test_no_process_is_left_after_close():
    pool = WarmPool(2)
    assert pool.wait_ready(timeout=120)
    taken = pool.take(limits_for(EXERCISE))
    check_source(EXERCISE, EXERCISE.solution, child=taken)
    for _ in range(2400):  # its replacement is forked a moment after the take
        if pool.ready_count() == 2:
            break
        time.sleep(0.05)
    idle = list(pool._idle)
    server = pool._server.proc
    pool.close()  # also waits for the replacement started by take
    children = idle + [taken]
    assert len(children) == 3 and all(c.proc.returncode is not None for c in children)  # reaped
    assert server.poll() is not None  # the fork server too
    # nothing any child started: killed with its group, though a grandchild that is not
    # ours to wait for may take a moment to go after SIGKILL
    for _ in range(100):
        if not any(_left(c) for c in children):
            break
        time.sleep(0.05)
    assert [_left(c) for c in children] == [set()] * len(children)
    assert pool._idle == [] and pool.take().kill() is None  # closed: fresh, no error


def test_a_pools_check_leaves_the_kill_to_close_but_not_the_learners_prints():
    """The verdict does not wait for the kernel to free the check's children: they are
    handed to the pool's reaper alive, and closing the pool waits until they are gone.
    What the learner printed before its answers is in the verdict all the same."""
    handed = []
    with WarmPool(1) as pool:
        reap = pool.reap

        def noting(children):
            handed.extend((child, child.alive()) for child in children)
            reap(children)

        pool.reap = noting
        verdict = check_source(
            EXERCISE, EXERCISE.solution + "\nprint('loaded, then checked')\n", runners=pool
        )
    assert verdict.status == "pass", verdict.message
    assert "loaded, then checked" in verdict.output
    assert handed and all(alive for _, alive in handed)
    assert all(child.proc.returncode is not None and not _left(child) for child, _ in handed)


def _tagged(tag: str) -> set[int]:
    """Running processes whose environment, as they started, carries this tag: the fork
    server and everything forked from it, and any fresh child."""
    return procs.alive(procs.marked(tag, variable="JAXTUTOR_TEST_POOL"))


def test_closing_while_a_replacement_starts_leaves_no_process(monkeypatch):
    tag = uuid.uuid4().hex
    monkeypatch.setenv("JAXTUTOR_TEST_POOL", tag)  # inherited by the server and its forks
    pool = WarmPool(1)
    assert pool.wait_ready(timeout=120)
    pool.take(limits_for(EXERCISE)).kill()  # its replacement starts now...
    pool.close()  # ... and the pool closes under it
    for _ in range(100):  # a killed process may take a moment to go
        if not _tagged(tag):
            break
        time.sleep(0.05)
    assert _tagged(tag) == set()


def test_children_are_forked_and_fall_back_to_fresh_ones_when_the_server_dies():
    with WarmPool(1) as pool:
        assert pool.wait_ready(timeout=120)  # a child forked and waiting
        pool._server.proc.kill()  # the fork server dies (it never runs learner code)
        pool._server.proc.wait()
        forked, fresh = pool.take(limits_for(EXERCISE)), pool.take(limits_for(EXERCISE))
        assert isinstance(forked.proc, launch.ForkedChild) and not pool._server.usable()
        assert not isinstance(fresh.proc, launch.ForkedChild)
        verdicts = [check_source(EXERCISE, EXERCISE.solution, child=c) for c in (forked, fresh)]
        assert [v.status for v in verdicts] == ["pass", "pass"]


def test_an_exercises_own_programs_run_in_one_trusted_child_kept_between_checks():
    from jaxtutor import oracles
    from jaxtutor.oracles.generic import runs

    runs._CACHE.clear()  # runs remembered from earlier tests would start no child
    lesson = find_exercise("grad_basics", load_dir(builtin_dir())[0])
    exercise = lesson.exercise
    with WarmPool(1) as pool:
        oracles.get(exercise.oracle).warm(exercise, pool.trusted)
        trusted = pool.trusted._child
        assert trusted is not None and trusted.alive()
        starter = check_source(exercise, exercise.starter, seed=3, runners=pool)
        assert starter.status == "error"  # the starter raises NotImplementedError
        mutant = exercise.config["mutants"][0]
        wrong = check_source(exercise, mutant["code"], seed=3, runners=pool)
        assert wrong.diagnosis is not None and wrong.diagnosis.id == mutant["id"]
        assert check_source(exercise, exercise.solution, seed=3, runners=pool).status == "pass"
        assert pool.trusted._child is trusted and trusted.alive()  # the same, warm
    assert not trusted.alive()  # closed with its pool


def test_a_mutants_programs_are_judged_by_the_trusted_childs_judge_kept_between_checks(monkeypatch):
    """A wrong answer's mutant runs on each check's new hidden cases, with its programs:
    the trusted child's judge (never sent a file) checks and runs them, and keeps what
    it compiled; each learner's programs still go to a clean child of their own."""
    from jaxtutor.oracles.generic import runs
    from jaxtutor.oracles.generic.cases import make_cases
    from jaxtutor.runner.host.sandbox import Child
    from jaxtutor.runner.wire import input_signature

    runs._CACHE.clear()  # runs remembered from earlier tests would judge nothing
    exercise = find_exercise("purity_under_jit", load_dir(builtin_dir())[0]).exercise
    mutant = next(m for m in exercise.config["mutants"] if m["id"] == "always_scaled")
    asked = []
    verify = Child.verify
    monkeypatch.setattr(  # one entry per program (a request may carry several)
        Child,
        "verify",
        lambda self, programs: asked.extend([self] * len(programs)) or verify(self, programs),
    )
    with WarmPool(1) as pool:
        warm(exercise, pool)
        judge = pool.trusted._judge
        # warm: the mutants' programs (of those that export), compiled there
        assert judge is not None and judge.alive() and asked and set(asked) == {judge}
        for seed in (3, 4):
            del asked[:]
            wrong = check_source(exercise, mutant["code"], seed=seed, runners=pool)
            assert wrong.diagnosis is not None and wrong.diagnosis.id == "always_scaled"
            # one program per shape of g the check's cases have (the space's sizes)
            shapes = len({input_signature(c.args) for c in make_cases(exercise.config, seed)})
            assert asked.count(judge) == shapes  # the mutant on this check's hidden cases
            assert len(asked) == 2 * shapes
            clean = asked[asked.index(judge) - 1]  # the learner's programs' clean child
            for _ in range(200):  # killed after the verdict, in the background, not kept
                if not clean.alive():
                    break
                time.sleep(0.05)
            assert not clean.alive()
        assert pool.trusted._judge is judge and judge.alive()
    assert not judge.alive()  # closed with its pool


def test_a_kept_judge_gives_each_program_the_whole_timeout():
    import numpy as np

    limits = Limits(timeout_s=3.0)
    args = (np.ones(2, np.float32),)
    with WarmPool(1) as pool:
        child = pool.trusted.child(limits)
        assert child.load(
            "import jax\n\n@jax.jit\ndef f(x):\n    return x * 2\n", "lesson.py", "f"
        )["ok"]
        (program,) = child.export([args])
        for _ in range(2):
            (found,) = pool.trusted.judge(limits).verify(
                [{"module": program["module"], "groups": [], "calls": [args]}]
            )
            assert found["ok"], found
            ((value,),) = found["values"]  # one call, one output
            assert value.tolist() == [2.0, 2.0]
            time.sleep(3.5)  # the judge waits, longer than a timeout, for the next program


def test_a_kept_child_is_replaced_once_it_used_half_its_cpu_time():
    """Its RLIMIT_CPU counts every program it ever ran: at the limit the kernel would
    kill it in the middle of one, and the learner's check would be blamed."""
    limits = Limits()
    with WarmPool(1) as pool:
        child = pool.trusted.child(limits)
        assert child.load(
            "import time\n\ndef f():\n    end = time.process_time() + 0.2\n"
            "    while time.process_time() < end:\n        pass\n",
            "lesson.py",
            "f",
        )["ok"]
        used = child.cpu_used_s  # the load's reply says what JAX's import and setup took
        child.call_many([()])
        assert child.cpu_used_s >= used + 0.2
        assert pool.trusted.child(limits) is child  # far from its allowance: kept
        child.cpu_allowance_s = 2 * child.cpu_used_s - 0.01  # as if it were near
        assert pool.trusted.child(limits) is not child and not child.alive()


def test_a_kept_child_is_replaced_once_it_held_half_its_memory():
    """What it keeps of each lesson's programs adds up over a session; at the memory
    limit the tutor would kill it in the middle of a program, and the check would end
    as the tutor's failure. It says the most it has held after each program."""
    limits = Limits(memory_bytes=768 * 1024**2)
    with WarmPool(1) as pool:
        child = pool.trusted.child(limits)
        assert child.load(
            "import numpy as np\n\ndef f():\n    np.ones(400 * 1024**2, np.uint8)\n",
            "lesson.py",
            "f",
        )["ok"]
        assert 0 < child.peak_bytes < limits.memory_bytes / 2, child.peak_bytes
        assert pool.trusted.child(limits) is child  # far from its limit: kept
        child.call_many([()])  # 400 MiB, held for a moment
        assert child.peak_bytes >= 400 * 1024**2
        assert pool.trusted.child(limits) is not child and not child.alive()


def test_warming_a_lesson_with_structure_rules_keeps_a_clean_child_ready_too():
    """Its checks take two children (the learner's and the clean one): after `warm`,
    the pool holds two, and a check with them passes; argnums' need only one, and
    warming it again lets the second go."""
    capstone = find_exercise("capstone_training_run", load_dir(builtin_dir())[0]).exercise
    with WarmPool(1) as pool:
        warm(EXERCISE, pool)
        assert pool._size == 1
        warm(capstone, pool)
        for _ in range(2400):
            if pool.ready_count() == 2:
                break
            time.sleep(0.05)
        assert pool.ready_count() == 2
        handed_out, fresh = pool.handed_out, pool.fresh
        verdict = check_source(capstone, capstone.solution, runners=pool)
        assert verdict.status == "pass", verdict.message
        # the learner's child and the clean one, both waiting
        assert (pool.handed_out - handed_out, pool.fresh - fresh) == (2, 0)
        warm(EXERCISE, pool)
        time.sleep(1.0)  # the check's two replacements start 0.3 s after it
        for _ in range(2400):
            if pool._starting == 0 and pool.ready_count():
                break
            time.sleep(0.05)
        assert (pool._size, len(pool._idle)) == (1, 1)


def test_a_warm_up_waits_while_a_check_is_under_way():
    """A check's programs wait only for the one running; a warm-up's wait for the whole
    check to end, even between two of its programs."""
    lock, order = ChecksFirst(), []
    running, finish = threading.Event(), threading.Event()

    def warm_up():
        with lock.warming():
            with lock:
                order.append("warm 1")
                running.set()
                finish.wait(timeout=10)
            with lock:
                order.append("warm 2")

    def program(name):
        with lock:
            order.append(name)

    warming = threading.Thread(target=warm_up)
    warming.start()
    running.wait(timeout=10)
    with lock.checking():
        first = threading.Thread(target=program, args=("check 1",))
        first.start()
        finish.set()  # both wait for "warm 1" to end: the check goes first
        first.join(timeout=10)
        time.sleep(0.2)  # a plain lock would let "warm 2" in here
        program("check 2")
    warming.join(timeout=10)
    assert order == ["warm 1", "check 1", "check 2", "warm 2"]


def test_a_check_made_while_the_lesson_warms_up_goes_before_the_warm_ups_programs(monkeypatch):
    from jaxtutor.oracles.generic import runs

    runs._CACHE.clear()  # else the warm-up has nothing left to run
    exercise = find_exercise("grad_basics", load_dir(builtin_dir())[0]).exercise
    taken, warm_took = [], threading.Event()
    enter = ChecksFirst.__enter__

    def logged(self):
        enter(self)
        warming = getattr(self._warm_up, "on", False)
        taken.append(("warm" if warming else "check", time.monotonic()))
        if warming:
            warm_took.set()

    checking, spans = ChecksFirst.checking, []

    @contextlib.contextmanager
    def timed(self):
        with checking(self):
            started = time.monotonic()
            yield
            spans.append((started, time.monotonic()))

    monkeypatch.setattr(ChecksFirst, "__enter__", logged)
    monkeypatch.setattr(ChecksFirst, "checking", timed)
    with WarmPool(1) as pool:
        warming = threading.Thread(target=warm, args=(exercise, pool))
        warming.start()
        warm_took.wait(timeout=120)
        assert check_source(exercise, exercise.solution, runners=pool).status == "pass"
        warming.join()
    [(started, ended)] = spans
    during = [who for who, at in taken if started < at < ended]
    assert "check" in during and "warm" not in during, taken
    assert any(who == "warm" and at > ended for who, at in taken), taken  # it had more to run


def test_a_lesson_whose_check_calls_the_function_op_by_op_gets_one_child_primed_for_it():
    """custom_derivatives' check counts compiles of the learner's function called as it
    is, op by op: after `warm`, of its two waiting children the learner's was told the
    count's shapes (its warm-up compiles a squared error's primitives there), the clean
    one, which runs only exported programs, was not, and the check passes. vmap_basics'
    check counts nothing: no child is primed for it."""
    from jaxtutor.oracles.generic.oracle import GenericOracle

    lessons = load_dir(builtin_dir())[0]
    custom = find_exercise("custom_derivatives", lessons).exercise
    shapes = GenericOracle().op_by_op_shapes(custom)
    vmap_basics = find_exercise("vmap_basics", lessons).exercise
    assert shapes and GenericOracle().op_by_op_shapes(vmap_basics) is None
    with WarmPool(1) as pool:
        warm(custom, pool)
        for _ in range(2400):
            if pool.ready_count() == 2:
                break
            time.sleep(0.05)
        assert sorted(c.op_by_op == shapes for c in pool._idle) == [False, True]
        learner, clean = pool.learner(limits_for(custom)), pool.clean(limits_for(custom))
        try:
            assert (learner.op_by_op, clean.op_by_op) == (shapes, None)
        finally:
            pool.reap([learner, clean])
        verdict = check_source(custom, custom.solution, runners=pool)
        assert verdict.status == "pass", verdict.message
