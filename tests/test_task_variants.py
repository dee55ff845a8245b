"""A lesson's declared variants of its task (course/variants.py), which a review asks:
constants rebound in every piece of the exercise's code, the text changed where the
variant marks it, the worked cases left out, lint's proof of each, and the review that
asks one. The checks are real: a variant's solution passes it, the task's own solution
(the learner's old draft) does not, and a mutant is still named as itself."""

from __future__ import annotations

import dataclasses
import time

import pytest

from conftest import forked
from jaxtutor.check import check_source
from jaxtutor.course import variants
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.learner import reviews
from jaxtutor.learner.progress import Store
from jaxtutor.verdict import Outcome, Verdict

LESSONS = builtin_lessons()
DECLARED = [(lesson, v["id"]) for lesson in LESSONS for v in variants.declared(lesson)]


def test_rebinding_changes_only_the_named_top_level_constants():
    code = (
        "import jax\n\n"
        "BETA = 0.9  # the momentum\n"
        "BATCH, LR, MAX_NORM = 2, 0.1, 1.0\n"
        "OTHER = 3\n\n\n"
        "def f(v):\n"
        "    BETA = 7  # a local, not the constant\n"
        "    return BETA * v\n"
    )
    out = variants.rebind(code, {"BETA": 0.5, "LR": 0.05})
    assert "BETA = 0.5  # the momentum\n" in out and "BATCH, LR, MAX_NORM = 2, 0.05, 1.0\n" in out
    assert "OTHER = 3\n" in out and "    BETA = 7  # a local, not the constant\n" in out
    assert variants.bound(code) == {"BETA", "BATCH", "LR", "MAX_NORM", "OTHER"}
    assert variants.rebind(code, {}) == code


def test_the_course_declares_variants_and_each_changes_the_code_and_the_words():
    assert len({lesson.id for lesson, _ in DECLARED}) >= 3
    for lesson, ident in DECLARED:
        table = next(v for v in variants.declared(lesson) if v["id"] == ident)
        asked = variants.variant(lesson, ident)
        assert variants.of(asked) == table and variants.of(lesson) is None
        for name, value in table["set"].items():
            for code in (asked.exercise.starter, asked.exercise.solution):
                assert f"{value!r}" in code and name in variants.bound(code)
            assert f"{value!r}" in asked.exercise.config["reference"]
            rebound = asked.exercise.config["mutants"][:-1]  # the last: the task as written
            assert all(f"{value!r}" in m["code"] for m in rebound)
        assert asked.explanation.startswith("> **This review changes the task.** ")
        assert table["task"] in asked.explanation
        for old, new in (table.get("text") or {}).items():
            assert old not in asked.explanation and new in asked.explanation
        # the worked cases: the task's inputs, the variant's answers (the reference's)
        worked = asked.exercise.config["cases"]
        assert [c["args"] for c in worked] == [c["args"] for c in lesson.exercise.config["cases"]]
        assert all("expected" not in c and "this review" in c["name"] for c in worked)


def test_lint_names_a_constant_no_code_binds_a_text_the_lesson_lacks_and_a_reused_id():
    lesson = find_exercise("optimizer_state", LESSONS)
    ex = dict(lesson.exercise.config, starter=lesson.exercise.starter)
    ex.update(solution=lesson.exercise.solution, hints=list(lesson.exercise.hints))
    ex["oracle"] = "generic"
    good = {"id": "a", "task": "t", "set": {"BETA": 0.5}}
    assert variants.problems(dict(ex, variants=[good]), lesson.explanation) == []
    bad = [
        good,
        {"id": "a", "task": "t", "set": {"GAMMA": 0.5}, "text": {"no such words": "x"}},
    ]
    found = {code for _, code, _, _ in variants.problems(dict(ex, variants=bad), "")}
    assert found == {"variant-id-twice", "variant-unbound", "variant-text-unused"}


@pytest.mark.slow
@pytest.mark.parametrize("lesson, ident", DECLARED, ids=lambda x: getattr(x, "id", x))
def test_a_variant_passes_its_solution_fails_the_tasks_and_names_its_mutants(lesson, ident):
    """A review is a variant the old draft does not pass: the task's solution fails it,
    the variant's own passes, and a mutant, rebound, is still named as itself."""
    asked = variants.variant(lesson, ident)
    ex = asked.exercise

    def check(source: str):
        return check_source(ex, source, seed=0, **forked(ex))

    assert check(ex.solution).passed
    old = check(lesson.exercise.solution)  # named as what it is: the task as written
    assert old.outcome is Outcome.WRONG_ANSWER, old.message
    assert old.diagnosis.id == variants.AS_WRITTEN and variants.of(asked)["task"] in old.message
    mutant = ex.config["mutants"][0]
    assert check(mutant["code"]).diagnosis.id == mutant["id"]


def test_a_review_asks_the_lessons_variants_in_turn_and_keeps_the_one_asked(tmp_path):
    lesson = find_exercise("closures_train_step", LESSONS)
    plain = find_exercise("grad_basics", LESSONS)
    with Store(tmp_path / "progress.sqlite3") as store:
        assert reviews.asked(store, lesson) is lesson
        store.save_draft(lesson.id, "my passing draft")
        passed = Verdict(lesson.id, Outcome.PASSED, "All tests passed.")
        reviews.record_check(store, LESSONS, passed, "my passing draft", now=time.time())
        review = reviews.start(store, lesson)
        assert variants.of(review)["id"] == variants.declared(lesson)[0]["id"]
        assert store.load_draft(lesson.id) == review.exercise.starter
        assert [d.source for d in store.earlier_drafts(lesson.id)] == ["my passing draft"]
        again = reviews.asked(store, lesson)  # the app, started again, asks the same
        assert dataclasses.asdict(again) == dataclasses.asdict(review)
        assert reviews.start(store, plain) is plain  # no variants: the task as written
