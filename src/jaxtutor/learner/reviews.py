"""Reviews on a schedule: each passed exercise comes back when it would be forgotten.

The schedule is FSRS's (the `fsrs` package, the scheduler behind Anki's): an exercise's
first pass makes its card, and each check of it once the card is due is a review, rated
from the check itself:

- a pass with no hint shown since the exercise was last passed is Good;
- a pass after hints is Hard;
- a failure is Again (a check the tutor could not judge is no rating).

"Easy" is never inferred. A check of a card that is not due yet is practice, not recall,
and leaves the schedule alone. A mistake named on a skill brings forward the reviews of
every exercise that practises that skill: they are due at once.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

from jaxtutor.learner.mastery import new_hints, skill_of_mistakes

_NOT_RATED = {"internal_error", "cannot_check"}


def _scheduler():
    from fsrs import Scheduler  # with the first check: not at the app's start

    # no same-day learning steps: an exercise passed is reviewed days later, not in ten
    # minutes; and no fuzz, so a learner's schedule repeats exactly from their checks
    return Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def rating(status: str, outcome: str, hints: int):
    """The FSRS rating a check earns, or None."""
    from fsrs import Rating

    if outcome in _NOT_RATED:
        return None
    if status == "pass":
        return Rating.Hard if hints else Rating.Good
    return Rating.Again


def record_check(store, lessons, verdict, source: str | None, now: float | None = None) -> None:
    """Save a check (Store.record_verdict), then move the schedule as it says."""
    now = time.time() if now is None else now
    store.record_verdict(verdict, source, at=now)
    lesson = next((lesson for lesson in lessons if lesson.id == verdict.exercise), None)
    if lesson is None:
        return
    schedule(store, lesson, store.attempts(lesson.id, sources=False), now)
    named = verdict.diagnosis.id if verdict.diagnosis and not verdict.passed else None
    if named is not None:
        skill = skill_of_mistakes(lesson).get(named) or (lesson.skills[:1] or [None])[0]
        practising = [other.id for other in lessons if skill in other.skills]
        store.bring_forward([e for e in practising if e != lesson.id], now)


def schedule(store, lesson, attempts: list[dict], now: float) -> None:
    """Rate the exercise's last check, when it is the first pass or a due review."""
    from fsrs import Card

    last = attempts[-1] if attempts else None
    if last is None:
        return
    rated = rating(last.get("status", ""), last.get("outcome", ""), new_hints(attempts))
    if rated is None:
        return
    saved = store.review_card(lesson.id)
    if saved is None:
        if last.get("status") != "pass":
            return  # no card before the first pass
        card = Card()
    else:
        due = store.reviews().get(lesson.id, now)
        if due > now:
            return  # practice before the review is due
        card = Card.from_json(saved)
    when = datetime.fromtimestamp(now, UTC)
    card, _ = _scheduler().review_card(card, rated, review_datetime=when)
    store.save_review_card(lesson.id, card.to_json(), card.due.timestamp())


def due(store, lessons, now: float | None = None) -> list:
    """The lessons whose review is due, the longest overdue first (course order among
    equals)."""
    now = time.time() if now is None else now
    order = {lesson.id: i for i, lesson in enumerate(lessons)}
    by_id = {lesson.id: lesson for lesson in lessons}
    waiting = [(when, order[e], e) for e, when in store.reviews().items() if e in by_id]
    return [by_id[e] for when, _, e in sorted(waiting) if when <= now]


def _variant_key(lesson_id: str) -> str:
    return f"variant:{lesson_id}"


def start(store, lesson):
    """Make `lesson` the one the app opens, as its review asks it: a declared variant of
    the task in turn (course/variants.py), from that variant's starter. A review is
    recall, not a re-run of the old file (which stays among the earlier drafts). Returns
    the lesson as asked."""
    from jaxtutor.course import variants

    passes = sum(a.get("status") == "pass" for a in store.attempts(lesson.id, sources=False))
    ident = variants.pick(lesson, passes)
    store.set_setting(_variant_key(lesson.id), ident or "")
    review = variants.variant(lesson, ident) if ident else lesson
    store.reset_draft(lesson.id, review.exercise.starter)
    store.set_current_lesson(lesson.id)
    return review


def asked(store, lesson):
    """The lesson as the learner is asked it now: the variant its last review asked (it
    stays until the next review; the old draft, one key away, is the task's), else the
    lesson itself."""
    from jaxtutor.course import variants

    ident = store.setting(_variant_key(lesson.id))
    if not ident:
        return lesson
    try:
        return variants.variant(lesson, ident)
    except KeyError:  # a variant the lesson no longer declares: the task as written
        return lesson
