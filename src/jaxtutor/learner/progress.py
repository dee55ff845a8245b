"""The learner's saved state: one SQLite file that the app, `watch`, `progress` and any
export or grader share.

Where: `$JAXTUTOR_HOME/progress.sqlite3` when JAXTUTOR_HOME is set (tests always set it),
else the platform's user data folder. WAL mode and one short transaction per change, so a
SIGKILL at any moment loses at most the change being written and never corrupts the file.

Per exercise (`ExerciseProgress`): the current draft, status (not_started, in_progress,
passed), attempts, hints revealed, first time passed, the last outcome and misconception,
and when the solution was first shown. Earlier drafts are kept on reset (`drafts`), and
every check is one row of `attempts` (with the hints shown when it ran); the last check's verdict is kept whole (its JSON,
bounded) in `last_checks`, to show again with the draft. Times are Unix seconds (UTC).

The schema has a version (`meta`); an older file is brought up to date when it is opened
(`_MIGRATIONS`), and a file from a newer version is used as it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

NOT_STARTED, IN_PROGRESS, PASSED = "not_started", "in_progress", "passed"
STATUSES = (NOT_STARTED, IN_PROGRESS, PASSED)
DB_NAME = "progress.sqlite3"
SCHEMA_VERSION = 3

_SCHEMA = """
CREATE TABLE IF NOT EXISTS exercises (
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
CREATE TABLE IF NOT EXISTS drafts (          -- earlier drafts, kept when the learner resets
    id        INTEGER PRIMARY KEY,
    exercise  TEXT NOT NULL,
    source    TEXT NOT NULL,
    saved_at  REAL NOT NULL,
    reason    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (        -- one row per check
    id            INTEGER PRIMARY KEY,
    exercise      TEXT NOT NULL,
    at            REAL NOT NULL,
    status        TEXT NOT NULL,             -- pass | fail | error
    outcome       TEXT NOT NULL,
    misconception TEXT,
    duration_s    REAL,
    source        TEXT
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE INDEX IF NOT EXISTS drafts_by_exercise ON drafts (exercise, id);
CREATE INDEX IF NOT EXISTS attempts_by_exercise ON attempts (exercise, id);
"""

# the steps from each version to the next: _MIGRATIONS[n], its statements in order, takes a
# file from version n to n+1
_MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE IF NOT EXISTS last_checks (  -- the last check, shown with the draft
            exercise       TEXT PRIMARY KEY,
            at             REAL NOT NULL,
            source_sha256  TEXT,                    -- of the code it judged
            verdict        TEXT NOT NULL            -- Verdict.to_json(), bounded
        )""",
    ),
    # the hints shown when a check ran: a pass after hints is help, not mastery (mastery.py);
    # and each passed exercise's review card, as the FSRS scheduler keeps it (reviews.py)
    2: (
        "ALTER TABLE attempts ADD COLUMN hints INTEGER",
        """CREATE TABLE IF NOT EXISTS reviews (
            exercise    TEXT PRIMARY KEY,
            card        TEXT NOT NULL,              -- fsrs.Card.to_json()
            due         REAL NOT NULL,              -- the card's due time, Unix seconds
            updated_at  REAL NOT NULL
        )""",
    ),
}


@dataclass(frozen=True)
class ExerciseProgress:
    id: str
    status: str = NOT_STARTED
    draft: str | None = None
    draft_saved_at: float | None = None
    attempts: int = 0
    hints_revealed: int = 0
    first_passed_at: float | None = None
    last_outcome: str | None = None
    last_misconception: str | None = None
    solution_shown_at: float | None = None
    updated_at: float | None = None

    @property
    def passed(self) -> bool:
        return self.status == PASSED


@dataclass(frozen=True)
class LastCheck:
    """The verdict of an exercise's last check, as `Verdict.to_json()` gave it."""

    exercise: str
    at: float
    verdict: dict
    source_sha256: str | None

    def judged(self, source: str) -> bool:
        """Whether this check judged `source` (and not an earlier version of it)."""
        return self.source_sha256 == source_digest(source)


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class EarlierDraft:
    id: int
    exercise: str
    source: str
    saved_at: float
    reason: str  # "reset" | "restore"


def home() -> Path:
    """The folder holding the learner's data."""
    if folder := os.environ.get("JAXTUTOR_HOME"):
        return Path(folder)
    from platformdirs import user_data_dir

    return Path(user_data_dir("jaxtutor"))


def default_path() -> Path:
    return home() / DB_NAME


class Store:
    """The progress database. Safe to share between threads; every method is one short
    transaction."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # autocommit mode: each `with self._tx()` is one explicit BEGIN IMMEDIATE..COMMIT
        self._db = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=5.0
        )
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL+NORMAL survives a killed process
        self._db.execute("PRAGMA busy_timeout=5000")
        with self._lock:
            self._db.executescript(_SCHEMA)  # version 1's tables, where they are missing
        self._migrate()

    def _migrate(self) -> None:
        """Bring a file of an older version up to SCHEMA_VERSION, a step at a time, each in
        the transaction that records it (so two processes opening it at once take turns)."""
        while True:
            with self._tx() as db:
                row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
                version = int(row[0]) if row else 1
                if version >= SCHEMA_VERSION:
                    return
                for statement in _MIGRATIONS[version]:
                    db.execute(statement)
                db.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(version + 1),)
                )

    # -- plumbing ----------------------------------------------------------------------

    class _Tx:
        def __init__(self, store: Store):
            self.store = store

        def __enter__(self) -> sqlite3.Connection:
            self.store._lock.acquire()
            self.store._db.execute("BEGIN IMMEDIATE")
            return self.store._db

        def __exit__(self, kind, *exc) -> None:
            try:
                self.store._db.execute("COMMIT" if kind is None else "ROLLBACK")
            finally:
                self.store._lock.release()

    def _tx(self) -> Store._Tx:
        return Store._Tx(self)

    def _ensure(self, db: sqlite3.Connection, exercise: str, now: float) -> None:
        db.execute(
            "INSERT OR IGNORE INTO exercises (id, updated_at) VALUES (?, ?)", (exercise, now)
        )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- reading -----------------------------------------------------------------------

    def exercise(self, exercise: str) -> ExerciseProgress:
        """The progress of one exercise (a blank one if never touched)."""
        with self._lock:
            row = self._db.execute("SELECT * FROM exercises WHERE id = ?", (exercise,)).fetchone()
        return ExerciseProgress(**dict(row)) if row else ExerciseProgress(exercise)

    def all_exercises(self) -> list[ExerciseProgress]:
        """Every exercise the learner has touched, by id."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM exercises ORDER BY id").fetchall()
        return [ExerciseProgress(**dict(row)) for row in rows]

    def load_draft(self, exercise: str) -> str | None:
        """The saved draft, or None if the learner has none yet (show the starter)."""
        return self.exercise(exercise).draft

    def earlier_drafts(self, exercise: str) -> list[EarlierDraft]:
        """Drafts set aside by reset or restore, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, exercise, source, saved_at, reason FROM drafts "
                "WHERE exercise = ? ORDER BY id DESC",
                (exercise,),
            ).fetchall()
        return [EarlierDraft(**dict(row)) for row in rows]

    def attempts(self, exercise: str | None = None, sources: bool = True) -> list[dict]:
        """The check history, oldest first (all exercises when `exercise` is None);
        without the files checked when `sources` is False (the estimates need none)."""
        columns = "*" if sources else "id, exercise, at, status, outcome, misconception, hints"
        query = (
            f"SELECT {columns} FROM attempts"
            + (" WHERE exercise = ?" if exercise else "")
            + " ORDER BY id"
        )
        with self._lock:
            rows = self._db.execute(query, (exercise,) if exercise else ()).fetchall()
        return [dict(row) for row in rows]

    def last_attempt(self) -> int:
        """The id of the newest check (0 before any): what the history is, cheaply, so a
        view computed from it can tell whether it is stale (another process, such as
        `jaxtutor watch`, may have added checks)."""
        with self._lock:
            row = self._db.execute("SELECT MAX(id) FROM attempts").fetchone()
        return int(row[0] or 0)

    def last_check(self, exercise: str) -> LastCheck | None:
        """The verdict of the exercise's last check, or None (never checked, or kept by a
        version that wrote something else)."""
        with self._lock:
            row = self._db.execute(
                "SELECT at, source_sha256, verdict FROM last_checks WHERE exercise = ?",
                (exercise,),
            ).fetchone()
        if row is None:
            return None
        try:
            verdict = json.loads(row["verdict"])
        except ValueError:
            return None
        if not isinstance(verdict, dict):
            return None
        return LastCheck(exercise, row["at"], verdict, row["source_sha256"])

    def setting(self, key: str) -> str | None:
        """A small saved preference (the theme, the lesson open last)."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def current_lesson(self) -> str | None:
        """The lesson the learner had open last."""
        return self.setting("current_lesson")

    # -- writing -----------------------------------------------------------------------

    def set_setting(self, key: str, value: str) -> None:
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def set_current_lesson(self, lesson: str) -> None:
        self.set_setting("current_lesson", lesson)

    def save_draft(self, exercise: str, source: str) -> None:
        """Keep `source` as the current draft. Touching an exercise starts it."""
        now = time.time()
        with self._tx() as db:
            self._ensure(db, exercise, now)
            db.execute(
                "UPDATE exercises SET draft = ?, draft_saved_at = ?, updated_at = ?, "
                "status = CASE status WHEN 'not_started' THEN 'in_progress' ELSE status END "
                "WHERE id = ?",
                (source, now, now, exercise),
            )

    def reset_draft(self, exercise: str, starter: str) -> int | None:
        """Set the current draft aside (see `earlier_drafts`) and start again from the
        starter. Returns the id of the kept draft, or None if there was nothing to keep."""
        now = time.time()
        with self._tx() as db:
            self._ensure(db, exercise, now)
            (draft,) = db.execute(
                "SELECT draft FROM exercises WHERE id = ?", (exercise,)
            ).fetchone()
            kept = None
            if draft is not None and draft != starter:
                kept = db.execute(
                    "INSERT INTO drafts (exercise, source, saved_at, reason) "
                    "VALUES (?, ?, ?, 'reset')",
                    (exercise, draft, now),
                ).lastrowid
            db.execute(
                "UPDATE exercises SET draft = ?, draft_saved_at = ?, updated_at = ? WHERE id = ?",
                (starter, now, now, exercise),
            )
        return kept

    def restore_draft(self, exercise: str, draft_id: int) -> str:
        """Bring back an earlier draft; the current one is kept in its place."""
        now = time.time()
        with self._tx() as db:
            self._ensure(db, exercise, now)
            row = db.execute(
                "SELECT source FROM drafts WHERE id = ? AND exercise = ?", (draft_id, exercise)
            ).fetchone()
            if row is None:
                raise KeyError(f"no earlier draft {draft_id} for {exercise}")
            (current,) = db.execute(
                "SELECT draft FROM exercises WHERE id = ?", (exercise,)
            ).fetchone()
            if current is not None and current != row[0]:
                db.execute(
                    "INSERT INTO drafts (exercise, source, saved_at, reason) "
                    "VALUES (?, ?, ?, 'restore')",
                    (exercise, current, now),
                )
            db.execute(
                "UPDATE exercises SET draft = ?, draft_saved_at = ?, updated_at = ? WHERE id = ?",
                (row[0], now, now, exercise),
            )
        return row[0]

    def record_attempt(
        self,
        exercise: str,
        status: str,
        outcome: str,
        misconception: str | None = None,
        duration_s: float | None = None,
        source: str | None = None,
        verdict: str | None = None,
        at: float | None = None,
    ) -> ExerciseProgress:
        """One check: `status` is pass | fail | error, `outcome` the verdict's outcome name,
        `verdict` its JSON, kept as the exercise's last check (see `last_check`), `at`
        when it ran (now, unless a history is replayed). A pass is for good: a later
        failing check leaves the exercise passed."""
        now = time.time() if at is None else at
        with self._tx() as db:
            self._ensure(db, exercise, now)
            db.execute(
                "INSERT INTO attempts (exercise, at, status, outcome, misconception, "
                "duration_s, source, hints) VALUES (?, ?, ?, ?, ?, ?, ?, "
                "(SELECT hints_revealed FROM exercises WHERE id = ?))",
                (exercise, now, status, outcome, misconception, duration_s, source, exercise),
            )
            if verdict is not None:
                db.execute(
                    "INSERT OR REPLACE INTO last_checks (exercise, at, source_sha256, verdict) "
                    "VALUES (?, ?, ?, ?)",
                    (exercise, now, None if source is None else source_digest(source), verdict),
                )
            passed = status == "pass"
            db.execute(
                "UPDATE exercises SET attempts = attempts + 1, last_outcome = ?, "
                "last_misconception = ?, updated_at = ?, "
                "status = CASE WHEN ? OR status = 'passed' THEN 'passed' ELSE 'in_progress' END, "
                "first_passed_at = CASE WHEN ? AND first_passed_at IS NULL THEN ? "
                "ELSE first_passed_at END WHERE id = ?",
                (outcome, misconception, now, passed, passed, now, exercise),
            )
        return self.exercise(exercise)

    def record_verdict(
        self, verdict, source: str | None = None, at: float | None = None
    ) -> ExerciseProgress:
        """`record_attempt` from a Verdict, which is kept as the last check."""
        from jaxtutor.verdict import kept_json  # with the first check: not at the app's start

        return self.record_attempt(
            verdict.exercise,
            verdict.status,
            verdict.outcome.name.lower(),
            verdict.diagnosis.id if verdict.diagnosis else None,
            verdict.duration_s,
            source,
            kept_json(verdict.to_json()),
            at,
        )

    # -- reviews (reviews.py schedules them) -------------------------------------------

    def review_card(self, exercise: str) -> str | None:
        """The exercise's review card (its JSON), or None before its first pass."""
        with self._lock:
            row = self._db.execute(
                "SELECT card FROM reviews WHERE exercise = ?", (exercise,)
            ).fetchone()
        return row[0] if row else None

    def save_review_card(self, exercise: str, card: str, due: float) -> None:
        now = time.time()
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO reviews (exercise, card, due, updated_at) "
                "VALUES (?, ?, ?, ?)",
                (exercise, card, due, now),
            )

    def reviews(self) -> dict[str, float]:
        """Every scheduled exercise and when its review is due (Unix seconds), soonest
        first."""
        with self._lock:
            rows = self._db.execute("SELECT exercise, due FROM reviews ORDER BY due").fetchall()
        return {row[0]: row[1] for row in rows}

    def bring_forward(self, exercises: list[str], when: float) -> None:
        """Make the reviews of `exercises` due by `when` at the latest."""
        with self._tx() as db:
            for exercise in exercises:
                db.execute(
                    "UPDATE reviews SET due = MIN(due, ?), updated_at = ? WHERE exercise = ?",
                    (when, time.time(), exercise),
                )

    def reveal_hint(self, exercise: str, available: int) -> int:
        """Reveal the next hint of a ladder of `available`; returns how many are shown now."""
        now = time.time()
        with self._tx() as db:
            self._ensure(db, exercise, now)
            db.execute(
                "UPDATE exercises SET hints_revealed = MIN(hints_revealed + 1, ?), "
                "updated_at = ?, status = CASE status WHEN 'not_started' THEN "
                "'in_progress' ELSE status END WHERE id = ?",
                (available, now, exercise),
            )
            (shown,) = db.execute(
                "SELECT hints_revealed FROM exercises WHERE id = ?", (exercise,)
            ).fetchone()
        return shown

    def mark_solution_shown(self, exercise: str) -> None:
        now = time.time()
        with self._tx() as db:
            self._ensure(db, exercise, now)
            db.execute(
                "UPDATE exercises SET solution_shown_at = COALESCE(solution_shown_at, ?), "
                "updated_at = ? WHERE id = ?",
                (now, now, exercise),
            )

    def integrity(self) -> str:
        """`PRAGMA integrity_check`: "ok" for a healthy file."""
        with self._lock:
            return self._db.execute("PRAGMA integrity_check").fetchone()[0]
