"""The real app in a real terminal (a pty): SIGKILL while typing loses at most about a
second of edits and never corrupts the database; $EDITOR is handed the terminal."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from jaxtutor.course.lessons import builtin_dir, load_dir

LOST_AT_MOST_S = 1.0


class Terminal:
    """`python -m jaxtutor [ARGS]` on a pty of 80x24, the start of its screen output kept."""

    def __init__(self, home: Path, env: dict | None = None, args: tuple[str, ...] = ()):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jaxtutor", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=dict(os.environ, JAXTUTOR_HOME=str(home), TERM="xterm-256color", **(env or {})),
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.shown = bytearray()  # the start of what the app drew
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        try:
            while chunk := os.read(self.master, 65536):
                if len(self.shown) < 1 << 20:
                    self.shown += chunk
        except OSError:
            pass

    def wait_drawn(self) -> None:
        """Until the first frame with the footer is on the screen."""
        wait_until(lambda: b"palette" in self.shown)
        time.sleep(0.3)

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        os.close(self.master)


def wait_until(condition, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def saved(db_path: Path, lesson_id: str):
    db = sqlite3.connect(db_path)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        row = db.execute("SELECT draft FROM exercises WHERE id = ?", (lesson_id,)).fetchone()
        return integrity, row[0] if row else None
    finally:
        db.close()


# "a second" is wall-clock time in a real terminal: no other worker's JAX processes
# share the cores meanwhile
@pytest.mark.alone
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pty test")
def test_sigkill_while_typing_loses_at_most_a_second(tmp_path):
    home = tmp_path / "home"
    db_path = home / "progress.sqlite3"
    first = load_dir(builtin_dir())[0][0]
    previous = first.exercise.starter
    for round_number, typing_s in enumerate((1.7, 2.6, 3.3)):
        term = Terminal(home)
        try:
            term.wait_drawn()
            if round_number == 0:  # a newcomer sees the lesson first: ^f to the code
                term.type("\x06")
                time.sleep(0.3)
            sent = []  # (time sent, text so far)
            typed = ""
            start = time.monotonic()
            while time.monotonic() - start < typing_s:
                char = "abcdefghijklmnopqrstuvwxyz"[len(typed) % 26]
                term.type(char)
                typed += char
                sent.append((time.monotonic(), typed))
                time.sleep(0.03)
            killed_at = time.monotonic()
        finally:
            term.kill()
        integrity, draft = saved(db_path, first.id)
        assert integrity == "ok"
        assert draft is not None and draft.endswith(previous), (round_number, draft[:80])
        kept = draft[: len(draft) - len(previous)]
        assert typed.startswith(kept), "the saved text is not what was typed"
        must_have = max(
            (text for at, text in sent if at <= killed_at - LOST_AT_MOST_S), key=len, default=""
        )
        assert len(kept) >= len(must_have), (
            f"round {round_number}: saved {len(kept)} of {len(typed)} characters; "
            f"those typed more than {LOST_AT_MOST_S} s before the kill were {len(must_have)}"
        )
        previous = draft  # the app reopens on this draft, cursor at the start


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pty test")
def test_external_editor_gets_the_terminal_and_the_draft_is_reloaded(tmp_path):
    home = tmp_path / "home"
    db_path = home / "progress.sqlite3"
    first = load_dir(builtin_dir())[0][0]
    editor = tmp_path / "editor.sh"  # an "editor" that appends a line and saves
    editor.write_text("#!/bin/sh\necho '# edited outside' >> \"$1\"\n")
    editor.chmod(0o755)
    term = Terminal(home, env={"EDITOR": str(editor)})
    try:
        term.wait_drawn()
        term.type("\x06")  # ^f from the lesson a newcomer sees first, to the code
        time.sleep(0.3)
        term.type("\x1b")  # Esc leaves the editor pane
        time.sleep(0.3)
        term.type("e")
        wait_until(
            lambda: (saved(db_path, first.id)[1] or "").endswith("# edited outside\n"), timeout=15
        )
        assert term.proc.poll() is None  # the app came back and still runs
    finally:
        term.kill()
