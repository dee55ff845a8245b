"""Shared test fixtures. Every test gets its own JAXTUTOR_HOME, so no test touches a
learner's real progress."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxtutor.check import check_file
from jaxtutor.lessons import builtin_lessons, find_exercise

LEARNERS = Path(__file__).parent / "learners"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_HOME", str(tmp_path / "home"))


def run_check(exercise_id: str, path: Path, **kwargs):
    """Check a learner file with the real sandbox and oracle."""
    lesson = find_exercise(exercise_id, builtin_lessons())
    assert lesson is not None, exercise_id
    return check_file(lesson.exercise, path, **kwargs)


def learner_files(exercise_id: str, prefix: str) -> list[Path]:
    """Learner files in tests/learners/EXERCISE/ whose names start with `prefix`."""
    return sorted((LEARNERS / exercise_id).glob(f"{prefix}*.py"))
