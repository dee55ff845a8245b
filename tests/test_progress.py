"""The progress store: real SQLite in JAXTUTOR_HOME."""

from __future__ import annotations

import json
import sqlite3

from jaxtutor.learner.progress import IN_PROGRESS, NOT_STARTED, PASSED, Store, default_path


def test_lives_in_jaxtutor_home(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXTUTOR_HOME", str(tmp_path / "elsewhere"))
    with Store() as store:
        assert store.path == tmp_path / "elsewhere" / "progress.sqlite3" == default_path()
        store.save_draft("argnums", "x = 1")
    db = sqlite3.connect(tmp_path / "elsewhere" / "progress.sqlite3")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT draft FROM exercises WHERE id='argnums'").fetchone()[0] == "x = 1"


def test_draft_status_and_attempts():
    with Store() as store:
        assert store.exercise("argnums").status == NOT_STARTED
        assert store.load_draft("argnums") is None
        store.save_draft("argnums", "draft one")
        assert store.exercise("argnums").status == IN_PROGRESS
        store.record_attempt("argnums", "fail", "wrong_answer", "swapped_order", 0.5, "draft one")
        state = store.exercise("argnums")
        assert (state.attempts, state.last_misconception, state.first_passed_at) == (
            1,
            "swapped_order",
            None,
        )
        store.record_attempt("argnums", "pass", "passed", None, 0.4, "draft two")
        first = store.exercise("argnums").first_passed_at
        assert first is not None and store.exercise("argnums").status == PASSED
        store.record_attempt("argnums", "fail", "wrong_answer")  # a pass is for good
        state = store.exercise("argnums")
        assert (state.status, state.attempts, state.first_passed_at) == (PASSED, 3, first)
        assert [a["status"] for a in store.attempts("argnums")] == ["fail", "pass", "fail"]


def test_hints_are_counted_and_capped():
    with Store() as store:
        assert [store.reveal_hint("has_aux", 2) for _ in range(3)] == [1, 2, 2]
        assert store.exercise("has_aux").hints_revealed == 2


def test_reset_keeps_the_old_draft_and_restore_brings_it_back():
    with Store() as store:
        store.save_draft("argnums", "my work")
        kept = store.reset_draft("argnums", "STARTER")
        assert store.load_draft("argnums") == "STARTER"
        [earlier] = store.earlier_drafts("argnums")
        assert (earlier.id, earlier.source, earlier.reason) == (kept, "my work", "reset")
        assert store.reset_draft("argnums", "STARTER") is None  # nothing new to keep
        store.save_draft("argnums", "second try")
        assert store.restore_draft("argnums", kept) == "my work"
        assert store.load_draft("argnums") == "my work"
        assert [d.source for d in store.earlier_drafts("argnums")] == ["second try", "my work"]


def test_settings_persist_across_connections():
    with Store() as store:
        store.set_current_lesson("has_aux")
        store.set_setting("theme", "textual-light")
        store.mark_solution_shown("has_aux")
    with Store() as store:
        assert store.current_lesson() == "has_aux"
        assert store.setting("theme") == "textual-light"
        assert store.exercise("has_aux").solution_shown_at is not None
        assert [p.id for p in store.all_exercises()] == ["has_aux"]
        assert store.integrity() == "ok"


# the file as version 1 of the app wrote it, with a learner's work in it
VERSION_1 = """
CREATE TABLE exercises (
    id                 TEXT PRIMARY KEY,
    status             TEXT NOT NULL DEFAULT 'not_started',
    draft              TEXT,
    draft_saved_at     REAL,
    attempts           INTEGER NOT NULL DEFAULT 0,
    hints_revealed     INTEGER NOT NULL DEFAULT 0,
    first_passed_at    REAL,
    last_outcome       TEXT,
    last_misconception TEXT,
    solution_shown_at  REAL,
    updated_at         REAL NOT NULL
);
CREATE TABLE drafts (id INTEGER PRIMARY KEY, exercise TEXT NOT NULL, source TEXT NOT NULL,
                     saved_at REAL NOT NULL, reason TEXT NOT NULL);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, exercise TEXT NOT NULL, at REAL NOT NULL,
                       status TEXT NOT NULL, outcome TEXT NOT NULL, misconception TEXT,
                       duration_s REAL, source TEXT);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
INSERT INTO meta VALUES ('schema_version', '1');
INSERT INTO exercises (id, status, draft, attempts, updated_at)
    VALUES ('argnums', 'in_progress', 'my draft', 2, 1.0);
INSERT INTO attempts (exercise, at, status, outcome) VALUES ('argnums', 1.0, 'fail', 'wrong_answer');
"""


def wrong_answer(exercise: str = "argnums"):
    from jaxtutor.verdict import Diagnosis, Outcome, Table, TestResult, Verdict

    return Verdict(
        exercise,
        Outcome.WRONG_ANSWER,
        "1 of 2 tests failed.",
        tests=[TestResult("small", "pass"), TestResult("random", "fail", "expected 1, got 2")],
        diagnosis=Diagnosis("swapped", "w and x swapped", 1, Table(["step", "w"], [["0", "1"]], 0)),
        hint="Look at argnums.",
        output="printed\n",
        line=3,
        duration_s=0.25,
        seed=7,
    )


def test_a_version_1_file_is_brought_up_to_date_and_keeps_the_learners_work(tmp_path):
    from jaxtutor.learner.progress import SCHEMA_VERSION

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(VERSION_1)
    db.close()
    with Store(path) as store:
        state = store.exercise("argnums")
        assert (state.draft, state.attempts, state.status) == ("my draft", 2, IN_PROGRESS)
        assert store.last_check("argnums") is None  # checked before verdicts were kept
        store.record_verdict(wrong_answer(), "my draft")
        assert store.last_check("argnums").judged("my draft")
    with Store(path) as store:  # opened again: nothing to do, nothing lost
        assert store.last_check("argnums").verdict["outcome"] == "wrong_answer"
        assert store.exercise("argnums").attempts == 3
        assert store.setting("schema_version") == str(SCHEMA_VERSION) == "3"
        assert store.integrity() == "ok"
        # checks from before version 3 did not keep the hints shown; new ones do
        assert [a["hints"] for a in store.attempts("argnums")] == [None, 0]


# version 2 added the last check's verdict; version 3 the hints shown at each check
VERSION_2 = (
    VERSION_1.replace("'schema_version', '1'", "'schema_version', '2'")
    + """
CREATE TABLE last_checks (exercise TEXT PRIMARY KEY, at REAL NOT NULL, source_sha256 TEXT,
                          verdict TEXT NOT NULL);
UPDATE exercises SET hints_revealed = 2 WHERE id = 'argnums';
"""
)


def test_a_version_2_file_gains_the_hints_of_each_check_and_loses_nothing(tmp_path):
    path = tmp_path / "two.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(VERSION_2)
    db.close()
    with Store(path) as store:
        assert store.setting("schema_version") == "3"
        state = store.exercise("argnums")
        assert (state.draft, state.attempts, state.hints_revealed) == ("my draft", 2, 2)
        store.record_verdict(wrong_answer(), "my draft")
        kept = store.attempts("argnums")
        assert [(a["outcome"], a["hints"]) for a in kept] == [
            ("wrong_answer", None),
            ("wrong_answer", 2),
        ]
        assert store.integrity() == "ok"


def test_the_last_verdict_is_kept_whole_and_comes_back_as_a_verdict():
    from jaxtutor.verdict import Outcome, Verdict

    verdict = wrong_answer()
    with Store() as store:
        assert store.last_check("argnums") is None
        store.record_verdict(verdict, "source one")
        last = store.last_check("argnums")
        assert last.judged("source one") and not last.judged("source two")
        again = Verdict.from_json(last.verdict)
        assert again.to_json() == verdict.to_json()
        assert (again.line, again.seed, again.diagnosis.table.highlight) == (3, 7, 0)
        store.record_verdict(Verdict("argnums", Outcome.PASSED, "All passed."), "two")
        assert Verdict.from_json(store.last_check("argnums").verdict).passed
        assert store.last_check("has_aux") is None  # one exercise's check is its own
        odd = wrong_answer()  # what a learner's program printed may be anything
        odd.output = "naïve ∂ \udcff\n"
        store.record_verdict(odd, "three")
        assert Verdict.from_json(store.last_check("argnums").verdict).output == odd.output


def test_a_huge_verdict_is_kept_bounded():
    from jaxtutor.verdict import KEPT_LIMIT, TestResult, Verdict, kept_json

    verdict = wrong_answer()
    verdict.message = "m" * 5000
    verdict.output = "o" * 9000
    verdict.tests = [TestResult(f"case {i}", "fail", "x" * 4000, "y" * 500) for i in range(300)]
    verdict.diagnosis.table.rows = [[str(i), "z" * 100] for i in range(2000)]
    text = kept_json(verdict.to_json())
    assert len(text) <= KEPT_LIMIT
    kept = Verdict.from_json(json.loads(text))
    assert kept.outcome is verdict.outcome and kept.hint == verdict.hint
    assert kept.message.startswith("mmm") and kept.tests and kept.tests[0].name == "case 0"
    small = wrong_answer()
    assert json.loads(kept_json(small.to_json())) == small.to_json()  # a usual one: whole
    # failed hidden cases named with their inputs, each thousands of characters: the
    # tests stay, their names cut, rather than the list going
    inputs = "x=[" + ", ".join(["-1.75"] * 1500) + "]"
    small.tests = [TestResult(f"hidden case {i} ({inputs})", "fail", "wrong") for i in range(4)]
    kept = Verdict.from_json(json.loads(kept_json(small.to_json())))
    assert [t.name.split(" (")[0] for t in kept.tests] == [f"hidden case {i}" for i in range(4)]
    assert all(len(t.name) < 400 for t in kept.tests)
    with Store() as store:
        store.record_verdict(verdict, "src")
        assert len(json.dumps(store.last_check("argnums").verdict)) <= KEPT_LIMIT


def test_a_kept_verdict_another_version_wrote_is_left_alone():
    with Store() as store:
        store.record_verdict(wrong_answer(), "src")
        with store._tx() as db:
            db.execute("UPDATE last_checks SET verdict = 'not json'")
        assert store.last_check("argnums") is None


def test_a_checked_verdict_keeps_its_time_as_its_json_does():
    """The results pane shows a verdict's time to a tenth of a second; one restored from
    progress must read the same as it did live, so the check keeps what the JSON keeps."""
    from conftest import forked
    from jaxtutor.check import check_source
    from jaxtutor.course.lessons import builtin_lessons, find_exercise
    from jaxtutor.verdict import Verdict

    exercise = find_exercise("grad_basics", builtin_lessons()).exercise
    verdict = check_source(exercise, exercise.solution, **forked(exercise))
    assert Verdict.from_json(verdict.to_json()).duration_s == verdict.duration_s
