"""The partial-credit rule (classroom/credit.py) on real checks of grad_basics: a
recognised mistake scores 0 though some cases pass by accident, and a group of tests
earns its share only when every test in it passes."""

from __future__ import annotations

import pytest

from jaxtutor.check import check_source
from jaxtutor.classroom.credit import HIDDEN, TEACHING, credit, recognised_mistake, total
from jaxtutor.course.lessons import builtin_lessons

POINTS = 10.0
# right everywhere but at one value, which only a teaching case uses (the hidden cases'
# w are drawn log-uniformly, never exactly 0.5)
WRONG_AT_ONE_VALUE = """
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    if w == 0.5:
        return 0.0
    return jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
"""


@pytest.fixture(scope="module")
def exercise():
    return {lesson.id: lesson for lesson in builtin_lessons()}["grad_basics"].exercise


def mutant(exercise, mistake: str) -> str:
    [code] = [m["code"] for m in exercise.config["mutants"] if m["id"] == mistake]
    return code


def test_a_recognised_mistake_scores_zero_where_cases_pass_by_accident(exercise):
    # the mean agrees with the sum on some drawn cases (one example, or x at 0): find a
    # seed where it does, as in a class of students there always is one
    for seed in range(1, 9):
        verdict = check_source(exercise, mutant(exercise, "mean_not_sum"), seed=seed)
        passed = [t for t in verdict.tests if t.status == "pass"]
        if passed:
            break
    assert passed, "no drawn case where the mean agrees with the sum"
    assert recognised_mistake(verdict) == "mean_not_sum"
    # an equal share per passed case would have given it points
    assert POINTS * len(passed) / len(verdict.tests) > 0
    assert total(verdict, POINTS) == 0
    credits = credit(verdict, POINTS)
    assert sum(c.max_score for c in credits) == pytest.approx(POINTS)
    for c in credits:
        assert c.score == 0
        assert ("known mistake (mean_not_sum)" in c.why_zero) is c.passed


def test_a_group_earns_its_share_only_when_all_its_tests_pass(exercise):
    verdict = check_source(exercise, WRONG_AT_ONE_VALUE, seed=7)
    assert not verdict.passed and recognised_mistake(verdict) is None
    credits = credit(verdict, POINTS)
    groups = {c.group for c in credits}
    assert {TEACHING, HIDDEN} <= groups
    teaching = [c for c in credits if c.group == TEACHING]
    hidden = [c for c in credits if c.group == HIDDEN]
    assert any(c.passed for c in teaching) and not all(c.passed for c in teaching)
    assert all(c.passed for c in hidden)
    # the hidden cases' share, and nothing for the teaching case that passed
    assert total(verdict, POINTS) == pytest.approx(POINTS / len(groups), abs=1e-3)
    assert sum(c.score for c in hidden) == pytest.approx(POINTS / len(groups), abs=1e-3)
    [lucky] = [c for c in teaching if c.passed]
    assert lucky.score == 0
    assert f"1 of the {len(teaching)} teaching cases did not" in lucky.why_zero


def test_a_right_answer_earns_every_point(exercise):
    verdict = check_source(exercise, exercise.solution, seed=7)
    assert verdict.passed
    credits = credit(verdict, POINTS)
    assert total(verdict, POINTS) == pytest.approx(POINTS)
    assert all(c.score == c.max_score and not c.why_zero for c in credits)
