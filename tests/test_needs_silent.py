"""A mutant whose message speaks of a construct (`needs`: a jnp.where, a Python loop) is
named only beside that construct. Lint proves each one fires on its own code; here each
is silent on an answer with its numbers or its error but without its construct: a file
tests/learners/LESSON/without_ID.py for every such mutant of the course."""

from __future__ import annotations

import pytest

from conftest import LEARNERS, run_check
from jaxtutor.course.lessons import builtin_lessons
from jaxtutor.oracles.evidence import without_comments
from jaxtutor.oracles.generic.mutants import has_evidence

NEEDY = [
    (lesson.id, mutant)
    for lesson in builtin_lessons()
    for mutant in lesson.exercise.config.get("mutants") or []
    if mutant.get("needs")
]


def _file(lesson_id: str, mutant: dict):
    return LEARNERS / lesson_id / f"without_{mutant['id']}.py"


def test_the_course_has_mutants_that_need_a_construct():
    assert len(NEEDY) >= 5


@pytest.mark.parametrize(
    "lesson_id, mutant", NEEDY, ids=lambda v: v if isinstance(v, str) else v["id"]
)
def test_a_mutant_is_silent_where_its_construct_is_not(lesson_id, mutant):
    path = _file(lesson_id, mutant)
    assert path.is_file(), f"write {path}: the mutant's symptom without its construct"
    code = without_comments(path.read_text())
    assert not has_evidence(mutant, code), f"{path.name} holds what {mutant['needs']!r} matches"
    verdict = run_check(lesson_id, path)
    assert not verdict.passed
    named = verdict.diagnosis.id if verdict.diagnosis else None
    assert named != mutant["id"], verdict.diagnosis.message
