"""The progress store: real SQLite in JAXTUTOR_HOME."""

from __future__ import annotations

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
