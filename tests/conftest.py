"""Shared test fixtures. Every test gets its own JAXTUTOR_HOME, so no test touches a
learner's real progress."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jaxtutor.check import check_file
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.runner.host.launch import ForkServer
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.pool import TrustedChild
from jaxtutor.runner.host.runners import OneOff
from jaxtutor.runner.host.sandbox import Child

LEARNERS = Path(__file__).parent / "learners"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_HOME", str(tmp_path / "home"))


def _run_folder(tmp_path_factory) -> Path:
    """The test run's temporary folder: with several workers, the one holding each
    worker's own, which they all see."""
    base = tmp_path_factory.getbasetemp()
    return base if os.environ.get("PYTEST_XDIST_WORKER") is None else base.parent


@pytest.fixture(autouse=True)
def _alone_or_together(request, tmp_path_factory):
    """With several workers (pytest-xdist), a test marked `alone` runs while no other
    test does: it holds a lock the others share. For the tests that measure wall-clock
    time in a real terminal, where another worker's JAX processes on the same cores
    would be measured too. A second lock, the gate, makes a waiting `alone` test first in
    line: other tests pass the gate before they share the lock, so none starts while it
    waits, and it waits only for the tests already running (without the gate, shared
    holders came and went until the end of the run, while it held its worker)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:  # one process: each test is alone
        yield
        return
    folder = _run_folder(tmp_path_factory)
    alone = request.node.get_closest_marker("alone") is not None
    with open(folder / "alone.gate", "a") as gate, open(folder / "alone.lock", "a") as lock:
        fcntl.flock(gate, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        if not alone:
            fcntl.flock(gate, fcntl.LOCK_UN)
        fcntl.flock(lock, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            fcntl.flock(gate, fcntl.LOCK_UN)


# a command run as `python -c SERVER_STARTS ARGS...`, printing last what each fork server
# it started found: which of numpy and the checker were imported already, and the
# libraries it was asked to import
SERVER_STARTS = """
import sys
from jaxtutor.runner.host import launch
starts, start = [], launch.ForkServer.__init__
def counted(self, libraries):
    starts.append(sorted(m for m in ("numpy", "jaxtutor.check") if m in sys.modules))
    starts.append(list(libraries))
    start(self, libraries)
launch.ForkServer.__init__ = counted
from jaxtutor.cli import main
code = main(sys.argv[1:])
print(starts)
sys.exit(code)
"""


def number_printed(script: str, job) -> int:
    """The number `script` prints last, run in a fresh Python process (as a check's
    child is) with `job` as JSON on its standard input: a count of compiles, say."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.split()[-1])


def made_once(tmp_path_factory, name: str, make) -> tuple[Path, object]:
    """A folder filled by `make(folder)`, and what it returned (plain JSON data), made
    once per test run however many workers ask: the first makes it under a lock, the
    others wait and reuse it. For a module's costly fixture (grading a class), which
    each worker running one of the module's tests would otherwise make again."""
    root = _run_folder(tmp_path_factory)
    folder, made = root / name, root / f"{name}.json"
    with open(root / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not made.exists():  # not yet, or the one who tried failed
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                made.write_text(json.dumps(make(folder)))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder, json.loads(made.read_text())


_SHARED: list[ForkServer] = []


def shared_server() -> ForkServer:
    """One fork server for the whole run (started at first use, again if it died): JAX
    is imported once, and each check's children are forked from it, as a pool's are.
    It never runs learner code, and a child it forked is never reused."""
    if not _SHARED or not _SHARED[-1].usable():
        _SHARED.append(ForkServer())
    return _SHARED[-1]


@pytest.fixture
def servers_started(monkeypatch) -> list[ForkServer]:
    """Each fork server started during the test, recorded as it starts."""
    started, start = [], ForkServer.__init__

    def recorded(self, *args):
        start(self, *args)
        started.append(self)

    monkeypatch.setattr(ForkServer, "__init__", recorded)
    return started


_TRUSTED: list[TrustedChild] = []


def shared_trusted() -> TrustedChild:
    """One trusted child (with its judge) for the run's checks, kept from check to check
    as a pool's is: a lesson's reference and mutants stay compiled there for its next
    files, where each check's own pair of children forked and set up JAX again."""
    if not _TRUSTED:
        _TRUSTED.append(
            TrustedChild(
                lambda limits: OneOff(shared_server()).clean(limits),
                lambda limits: OneOff(shared_server()).lesson(limits),
            )
        )
    return _TRUSTED[0]


def pytest_xdist_auto_num_workers(config):
    """One worker per core (`-n auto`; at most 4, by --maxprocesses). Two per core kept
    the cores busier (97% against 93% of the time) but spent 10-14% more CPU on the same
    tests, its JAX processes contending for two cores: the whole run took longer (428
    and 408 s against 407 and 374, alternately; docs/performance.md)."""
    return len(os.sched_getaffinity(0))


def pytest_collection_modifyitems(items):
    """Each worker's run starts with its share of the slow tests (each takes a minute or
    more), so that no worker is left with several of them, or running one alone at the
    end; the tests marked alone come last. Worksteal hands worker k the k-th of equal runs
    of this list and steals from a run's end, so a run's first tests stay with its
    worker."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    kinds: dict[str, list] = {"alone": [], "slow": [], "rest": []}
    for item in items:
        kind = next((k for k in ("alone", "slow") if item.get_closest_marker(k)), "rest")
        kinds[kind].append(item)
    alone, slow, rest = kinds["alone"], kinds["slow"], kinds["rest"]
    ordered, left = [], len(items)
    for k in range(workers):  # run k's length, as worksteal's first hand-out makes it
        size = left // (workers - k)
        left -= size
        head = slow[k::workers]
        take = max(0, size - len(head) - (len(alone) if k == workers - 1 else 0))
        ordered += head + rest[:take]
        del rest[:take]
    items[:] = ordered + rest + alone


def pytest_sessionfinish(session):
    for trusted in _TRUSTED:
        trusted.close()
    for server in _SHARED:
        server.close()


@pytest.fixture
def server():
    return shared_server()


@pytest.fixture(params=["fresh", "forked"])
def new_child(request):
    """Starts a Child each way there is: a fresh process, and forked by a fork server.
    What a test checks with it must hold for both."""
    return _starts(request.getfixturevalue("server") if request.param == "forked" else None)


@pytest.fixture
def forked_child(server):
    """Starts a Child forked by the fork server, for what the learner's code does once it
    runs: both ways of starting serve it with the same code (`run` in
    runner/inside/learner_process.py), and a fresh process would import JAX for nothing."""
    return _starts(server)


def _starts(server: ForkServer | None):
    return lambda limits=Limits(), **kw: Child(limits, server=server, **kw)


def run_check(exercise_id: str, path: Path, seed: int | None = 0, **kwargs):
    """Check a learner file with the real sandbox and oracle, at seed 0 unless told (a
    failure then repeats; seed=None draws fresh hidden cases, as a learner's check does)."""
    lesson = find_exercise(exercise_id, builtin_lessons())
    assert lesson is not None, exercise_id
    if "runners" not in kwargs:
        kwargs.update(forked(lesson.exercise))
    return check_file(lesson.exercise, path, seed=seed, **kwargs)


def forked(exercise) -> dict:
    """check_source's `runners` for one check of `exercise`: children forked from the
    run's fork server, and the run's trusted child, as the app's pool gives them: a fresh
    import of JAX per check would cost more than most checks (a check without them, as
    `jaxtutor check` makes one, is tested in test_cli and in a few tests that say so)."""
    return {"runners": OneOff(shared_server(), shared_trusted())}


def cold(exercise) -> dict:
    """check_source's `runners` as a one-off `jaxtutor check` makes them, with no trusted
    child (each of the exercise's programs gets a child of its own), forked from the
    run's fork server rather than from a server started for the one check."""
    return {"runners": OneOff(shared_server())}


def learner_files(exercise_id: str, prefix: str) -> list[Path]:
    """Learner files in tests/learners/EXERCISE/ whose names start with `prefix`."""
    return sorted((LEARNERS / exercise_id).glob(f"{prefix}*.py"))


def assert_mistake_recognised(exercise_id: str, name: str, expected: tuple, misconceptions: dict):
    """Check tests/learners/EXERCISE/NAME: the outcome, the diagnosis id, words of its
    message, and the hint aimed at that misconception."""
    ident, outcome, words = expected
    verdict = run_check(exercise_id, LEARNERS / exercise_id / name)
    assert verdict.outcome is outcome, verdict.message
    assert verdict.diagnosis is not None and verdict.diagnosis.id == ident, verdict.message
    assert words in verdict.diagnosis.message
    assert verdict.hint == misconceptions[ident].hint
