"""Reviews on a schedule (learner/reviews.py): FSRS cards in the progress file, rated by
the checks, brought forward by a named mistake, and opened from the starter."""

from __future__ import annotations

from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.learner import review_command, reviews
from jaxtutor.learner.progress import Store
from jaxtutor.verdict import Diagnosis, Outcome, Verdict

DAY = 86400.0
START = 1_700_000_000.0  # a fixed clock, in the past: the schedule is the checks' alone


def passed(exercise: str) -> Verdict:
    return Verdict(exercise, Outcome.PASSED, "All tests passed.")


def failed(exercise: str, mistake: str | None = None) -> Verdict:
    named = Diagnosis(mistake, "what the code does") if mistake else None
    return Verdict(exercise, Outcome.WRONG_ANSWER, "1 of 2 tests failed.", diagnosis=named)


def interval(store: Store, exercise: str, now: float) -> float:
    return (store.reviews()[exercise] - now) / DAY


def test_intervals_grow_after_good_and_shrink_after_again():
    lessons = builtin_lessons()
    with Store() as store:
        reviews.record_check(store, lessons, failed("has_aux"), "draft", now=START)
        assert store.reviews() == {}  # no card before the first pass
        now = START
        reviews.record_check(store, lessons, passed("has_aux"), "right", now=now)
        gaps = [interval(store, "has_aux", now)]
        for _ in range(2):  # a pass, each time the review is due: Good
            now = store.reviews()["has_aux"]
            reviews.record_check(store, lessons, passed("has_aux"), "right", now=now)
            gaps.append(interval(store, "has_aux", now))
        assert gaps[0] < gaps[1] < gaps[2]
        now = store.reviews()["has_aux"]
        reviews.record_check(store, lessons, failed("has_aux"), "wrong", now=now)  # Again
        after_again = interval(store, "has_aux", now)
        assert after_again < gaps[2]
        # a check before the review is due is practice: the schedule stays
        early = now + 0.5 * DAY
        reviews.record_check(store, lessons, passed("has_aux"), "right", now=early)
        assert interval(store, "has_aux", now) == after_again


def test_a_pass_after_hints_is_hard_and_comes_back_sooner_than_good():
    lessons = builtin_lessons()
    hints = len(find_exercise("argnums", lessons).exercise.hints)
    with Store() as store:
        reviews.record_check(store, lessons, passed("grad_basics"), "right", now=START)
        store.reveal_hint("argnums", hints)
        reviews.record_check(store, lessons, passed("argnums"), "right", now=START)
        assert interval(store, "argnums", START) < interval(store, "grad_basics", START)


def test_a_mistake_on_a_skill_brings_forward_the_reviews_that_practise_it():
    lessons = builtin_lessons()
    mistake = next(
        m
        for m in find_exercise("grad_basics", lessons).exercise.config["mutants"]
        if m["id"] == "grad_wrt_x"
    )
    assert mistake["skill"] == "argnums"  # the gradient taken with respect to another argument
    with Store() as store:
        for exercise in ("argnums", "higher_order_grad", "scan_basics"):
            reviews.record_check(store, lessons, passed(exercise), "right", now=START)
        assert reviews.due(store, lessons, now=START + 1) == []
        reviews.record_check(
            store, lessons, failed("grad_basics", "grad_wrt_x"), "wrong", now=START + 1
        )
        due = [lesson.id for lesson in reviews.due(store, lessons, now=START + 1)]
    practising = {lesson.id for lesson in lessons if "argnums" in lesson.skills}
    assert due == ["argnums"] and practising == {"argnums"}


def test_a_review_opens_from_the_starter_and_keeps_the_draft(capsys):
    from jaxtutor.course.active import Course

    lessons = builtin_lessons()
    lesson = find_exercise("grad_basics", lessons)
    with Store() as store:
        store.save_draft(lesson.id, "my passing draft")
        reviews.record_check(store, lessons, passed(lesson.id), "my passing draft", now=START)
    course = Course(lessons)
    assert review_command.command(course, list_only=True) == 0
    assert "1 review(s) due" in capsys.readouterr().out
    with Store() as store:
        assert store.load_draft(lesson.id) == "my passing draft"  # listing changes nothing
        reviews.start(store, lesson)
        assert store.load_draft(lesson.id) == lesson.exercise.starter
        assert store.current_lesson() == lesson.id
        assert [d.source for d in store.earlier_drafts(lesson.id)] == ["my passing draft"]
