"""A class's skill chances fitted by pyBKT (`jaxtutor fit-skills`) from real exports of
simulated learners, checked by the real tutor; then taken in by a learner (`jaxtutor
progress --chances`), whose estimates use them. Hostile chance files are refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conftest import run_check
from jaxtutor.cli import main
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.learner.mastery import Chances, mastery, update
from jaxtutor.learner.progress import Store

CORPUS = Path(__file__).parent / "corpus"
# each lesson's skill, how fast the simulated class learns it, and a named mistake
LEARNED = {
    "grad_basics": ("grad", 0.5, "wrong_blind7_mean.py"),
    "higher_order_grad": ("higher-order", 0.08, "wrong_blind6_astype.py"),
}
GUESS, SLIP = 0.1, 0.05


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory) -> dict:
    """A right and a wrong (named) verdict per lesson, from the real checker."""
    found = {}
    for lesson_id, (_, _, wrong) in LEARNED.items():
        solution = tmp_path_factory.mktemp(lesson_id) / "solution.py"
        solution.write_text(find_exercise(lesson_id, builtin_lessons()).exercise.solution)
        right, named = (
            run_check(lesson_id, solution),
            run_check(lesson_id, CORPUS / lesson_id / wrong),
        )
        assert right.passed and named.diagnosis is not None
        found[lesson_id] = {True: right, False: named}
    return found


def _class_exports(verdicts: dict, folder: Path, students: int = 24) -> list[Path]:
    """Each student works through both lessons, 8 checks each, answering as BKT
    generates (right when known but for a slip, else by a guess; learned after each
    check at the lesson's rate); each hands in a real export."""
    from jaxtutor.classroom.export import export
    from jaxtutor.course.active import active_course
    from jaxtutor.learner import reviews

    rng = random.Random(0)
    lessons = builtin_lessons()
    paths = []
    for student in range(students):
        with Store(folder / f"s{student}.sqlite3") as store:
            now = 1_700_000_000.0
            for lesson_id, (_, learn, _) in LEARNED.items():
                known = False
                for _ in range(8):
                    right = rng.random() > SLIP if known else rng.random() < GUESS
                    reviews.record_check(store, lessons, verdicts[lesson_id][right], None, now=now)
                    known = known or rng.random() < learn
                    now += 60
            data = export(active_course(), f"student {student}", store)
        path = folder / f"s{student}.json"
        path.write_text(json.dumps(data))
        paths.append(path)
    return paths


def test_the_class_fit_tells_a_skill_learned_fast_from_one_learned_slowly(
    verdicts, tmp_path, capsys
):
    exports = _class_exports(verdicts, tmp_path)
    out = tmp_path / "chances.json"
    assert main(["fit-skills", *map(str, exports), "--out", str(out)]) == 0
    fitted = json.loads(out.read_text())
    print(json.dumps(fitted, indent=1))
    skills = fitted["skills"]
    assert fitted["students"] == 24 and set(skills) >= {"grad", "higher-order"}
    assert skills["grad"]["learn"] > 2 * skills["higher-order"]["learn"]
    for chances in skills.values():
        assert all(0.0 <= chances[k] <= 1.0 for k in ("prior", "learn", "guess", "slip"))
    assert "higher-order" in capsys.readouterr().out  # the table, beside the file

    # a learner takes the file in: their estimates follow the fitted chances
    assert main(["progress", "--chances", str(out)]) == 0
    with Store() as store:
        checks = verdicts["higher_order_grad"]  # at one moment: no days forgotten
        store.record_verdict(checks[False], None, at=1_700_000_000.0)
        store.record_verdict(checks[True], None, at=1_700_000_000.0)
        attempts = store.attempts()
    lessons = builtin_lessons()
    used = mastery(attempts, lessons)["higher-order"].known
    own = Chances(**skills["higher-order"])
    assert used == pytest.approx(update(update(own.prior, False, own), True, own))
    assert used != pytest.approx(mastery(attempts, lessons, chances={})["higher-order"].known)
    capsys.readouterr()
    assert main(["progress"]) == 0
    assert "fitted chances for grad, higher-order" in capsys.readouterr().out


@pytest.mark.parametrize(
    "body, said",
    [
        ("not json", "not JSON"),
        ('{"kind": "jaxtutor-progress"}', "not a file of skill chances"),
        (
            '{"kind": "jaxtutor-skill-chances", "skills": {"grad": '
            '{"prior": 0.2, "learn": 0.1, "guess": 1.0, "slip": 0.1}}}',
            "strictly inside",
        ),
        (
            '{"kind": "jaxtutor-skill-chances", "skills": {"[red]grad\\u001b[2J": '
            '{"prior": 2, "learn": 0.1, "guess": 0.1, "slip": 0.1}}}',
            "not a chance between 0 and 1",
        ),
    ],
)
def test_a_bad_chances_file_is_refused_and_nothing_is_kept(tmp_path, capsys, body, said):
    from jaxtutor.learner.mastery import chances_path

    path = tmp_path / "chances.json"
    path.write_text(body)
    assert main(["progress", "--chances", str(path)]) == 2
    err = capsys.readouterr().err
    assert said in err and "\x1b" not in err
    assert not chances_path().exists()
