"""Shared test fixtures. Every test gets its own JAXTUTOR_HOME, so no test touches a
learner's real progress."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxtutor.check import check_file
from jaxtutor.lessons import builtin_lessons, find_exercise
from jaxtutor.runner.launch import ForkServer
from jaxtutor.runner.sandbox import Child, Limits

LEARNERS = Path(__file__).parent / "learners"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_HOME", str(tmp_path / "home"))


@pytest.fixture(scope="module")
def server():
    server = ForkServer()
    yield server
    server.close()


@pytest.fixture(params=["fresh", "forked"])
def new_child(request):
    """Starts a Child each way there is: a fresh process, and forked by a fork server.
    What a test checks with it must hold for both."""
    server = request.getfixturevalue("server") if request.param == "forked" else None
    return lambda limits=Limits(), **kw: Child(limits, server=server, **kw)


def run_check(exercise_id: str, path: Path, seed: int | None = 0, **kwargs):
    """Check a learner file with the real sandbox and oracle, at seed 0 unless told (a
    failure then repeats; seed=None draws fresh hidden cases, as a learner's check does)."""
    lesson = find_exercise(exercise_id, builtin_lessons())
    assert lesson is not None, exercise_id
    return check_file(lesson.exercise, path, seed=seed, **kwargs)


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
