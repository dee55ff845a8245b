"""Per-skill mastery (learner/mastery.py): Bayesian Knowledge Tracing over the saved
checks, told by the real checker on real files."""

from __future__ import annotations

from pathlib import Path

from conftest import run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.learner.mastery import DEFAULT_PRIOR, Chances, mastery, update
from jaxtutor.learner.progress import Store

CORPUS = Path(__file__).parent / "corpus"


def test_an_estimate_rises_with_right_answers_and_falls_with_wrong_ones():
    chances = Chances()
    known = [chances.prior]
    for correct in (True, True, True, False, False, True):
        known.append(update(known[-1], correct, chances))
    assert known[0] < known[1] < known[2] < known[3]  # three right answers in a row
    assert known[3] > known[4] > known[5]  # two wrong ones
    assert known[6] > known[5]
    assert all(0.0 < k < 1.0 for k in known)
    # with forgetting, a skill not shown again slides back
    forgetful = Chances(forget=0.2)
    assert update(0.9, True, forgetful) < update(0.9, True, chances)


def test_a_learner_checked_by_the_real_tutor_moves_the_skills_the_checks_show(tmp_path):
    """argnums practises `argnums` first and `grad` beside it: a named mistake counts
    against the mistake's skill, a pass after a hint against the first skill (the learner
    needed help), and a pass without hints for every skill of the lesson."""
    lessons = builtin_lessons()
    lesson = find_exercise("argnums", lessons)
    assert lesson.skills[:2] == ("argnums", "grad")
    wrong = run_check("argnums", CORPUS / "argnums" / "wrong_blind4_swapped_order.py")
    assert wrong.diagnosis is not None and not wrong.passed
    solution = tmp_path / "solution.py"
    solution.write_text(lesson.exercise.solution)
    right = run_check("argnums", solution)
    assert right.passed

    with Store() as store:
        store.record_verdict(wrong, "wrong")
        after_mistake = mastery(store.attempts(), lessons)["argnums"]
        store.reveal_hint("argnums", len(lesson.exercise.hints))
        store.record_verdict(right, "right, after a hint")
        after_help = mastery(store.attempts(), lessons)
        store.record_verdict(right, "right, again")
        after_pass = mastery(store.attempts(), lessons)
    assert after_mistake.known < DEFAULT_PRIOR and after_mistake.mistakes == 1
    # the pass after a hint: help for argnums, a right answer for grad
    assert after_help["argnums"].known < after_mistake.known
    assert after_help["argnums"].hints == 1
    assert after_help["grad"].known > DEFAULT_PRIOR
    # the pass without a new hint raises both
    assert after_pass["argnums"].known > after_help["argnums"].known
    assert after_pass["grad"].known > after_help["grad"].known
    assert after_pass["argnums"].checks == 3
    assert [right for _, right in after_pass["argnums"].observed] == [False, False, True]


def test_a_check_the_tutor_could_not_judge_is_no_observation():
    lessons = builtin_lessons()
    broken = {"exercise": "argnums", "status": "error", "outcome": "internal_error"}
    assert mastery([broken], lessons)["argnums"].checks == 0
    unknown = {"exercise": "not_a_lesson", "status": "fail", "outcome": "wrong_answer"}
    assert all(skill.checks == 0 for skill in mastery([unknown], lessons).values())


def test_a_simulated_learner_learns_forgets_over_days_and_learns_again(tmp_path):
    """A learner who gets argnums at the third try and forgets it after three weeks
    without it, checked by the real tutor (a named mistake and a pass, on real files),
    reviewing each time a review is due, once after two months away. The estimate
    rises while they learn and with each review passed, falls with the days between
    checks, falls further at a review they fail, and rises once they have it again. The
    intervals grow after each pass and shrink after the failure."""
    from jaxtutor.learner import reviews

    day, forget_after, start = 86400.0, 21, 1_700_000_000.0
    lessons = builtin_lessons()
    lesson = find_exercise("argnums", lessons)
    wrong = run_check("argnums", CORPUS / "argnums" / "wrong_blind4_swapped_order.py")
    solution = tmp_path / "solution.py"
    solution.write_text(lesson.exercise.solution)
    right = run_check("argnums", solution)
    assert wrong.diagnosis is not None and right.passed

    seen: list[tuple[str, float, float]] = []  # (what happened, day, argnums's estimate)
    gaps = []  # the days to the next review, after each review
    with Store() as store:
        now = last_known = start

        def note(what: str) -> None:
            known = mastery(store.attempts(), lessons, now=now)["argnums"].known
            seen.append((what, (now - start) / day, known))

        def check(verdict, what: str) -> None:
            reviews.record_check(store, lessons, verdict, what, now=now)
            note(what)

        for attempt in range(3):
            check(right if attempt == 2 else wrong, "learning")
        for review in range(5):
            now = store.reviews()["argnums"] + (60 * day if review == 3 else 0.0)
            note("waited")
            if (now - last_known) / day > forget_after:
                check(wrong, "forgotten")
                now += 600  # ten minutes later, with the mistake named
                check(right, "relearnt")
            else:
                check(right, "recalled")
            last_known = now
            gaps.append((store.reviews()["argnums"] - now) / day)

    print(
        "\n".join(f"day {d:5.1f}  {what:9s}  argnums {known:.2f}" for what, d, known in seen), gaps
    )
    said, known = [w for w, _, _ in seen], [k for _, _, k in seen]
    assert known[1] < known[0] < known[2]  # a second mistake, then the pass
    for i, what in enumerate(said):
        if what == "waited":
            assert known[i] < known[i - 1]  # days without it: forgotten a little
        if what in ("recalled", "relearnt"):
            assert known[i] > known[i - 1]
        if what == "forgotten":
            assert known[i] < known[i - 1]
    assert "forgotten" in said and said.index("forgotten") > said.index("recalled")
    passes = said[: said.index("forgotten")].count("recalled")
    assert gaps[:passes] == sorted(gaps[:passes])  # each recall: a longer interval
    assert gaps[passes] < gaps[passes - 1]  # the failure: a shorter one
