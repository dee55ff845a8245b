"""`jaxtutor watch` and `jaxtutor progress` as a learner runs them: real processes, real
checks, the same progress database as the app."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from conftest import SERVER_STARTS
from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
from jaxtutor.learner.progress import Store

ARGNUMS = find_exercise("argnums", load_dir(builtin_dir())[0])


def _watch(path, out, columns: int = 200) -> subprocess.Popen:
    """`jaxtutor watch argnums PATH` as a learner starts it, its output into `out`."""
    return subprocess.Popen(
        # -X faulthandler: a watch that never answers is aborted with every thread's stack
        # in its output (wait_for), to say where it waited
        [
            sys.executable,
            "-X",
            "faulthandler",
            "-m",
            "jaxtutor",
            "watch",
            "argnums",
            str(path),
            "--poll",
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
        env=dict(os.environ, COLUMNS=str(columns)),
    )


def wait_for(path, text: str, proc, timeout: float = 90.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        shown = path.read_text(errors="replace") if path.exists() else ""
        if text in shown:
            return shown
        assert proc.poll() is None, shown
        time.sleep(0.1)
    proc.send_signal(signal.SIGABRT)  # faulthandler writes where each thread is
    proc.wait(timeout=20)
    shown = path.read_text(errors="replace") if path.exists() else ""
    raise AssertionError(f"{text!r} never appeared:\n{shown}")


def test_watch_writes_the_starter_and_rechecks_on_save(tmp_path):
    log = tmp_path / "watch.log"
    solution = tmp_path / "work" / "mine.py"
    solution.parent.mkdir()  # watch writes the file, never a folder
    with log.open("w") as out:
        proc = _watch(solution, out, columns=100)
    try:
        wait_for(log, "Waiting for you to save", proc)
        assert solution.read_text() == ARGNUMS.exercise.starter
        shown = log.read_text()
        assert "Wrote the starter" in shown and "raised an exception" in shown
        solution.write_text(ARGNUMS.exercise.solution)  # the learner saves in their editor
        shown = wait_for(log, "Passed", proc)
        assert "All 7 tests passed" in shown or "tests passed" in shown
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    with Store() as store:
        state = store.exercise("argnums")
        assert (state.status, state.attempts) == ("passed", 2)
        assert store.load_draft("argnums") == ARGNUMS.exercise.solution

    progress = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "progress"],
        capture_output=True,
        text=True,
        env=dict(os.environ, COLUMNS="120"),
    )
    assert progress.returncode == 0
    assert "✓ passed" in progress.stdout and "lessons passed" in progress.stdout


def test_watch_starts_its_fork_server_before_its_own_imports(tmp_path):
    """watch checks the file at once: its pool's server (whose JAX import is the
    longest part of that first check) starts before the tutor's own imports, as
    `check`'s does, and is the only one."""
    log = tmp_path / "watch.log"
    solution = tmp_path / "mine.py"
    solution.write_text(ARGNUMS.exercise.solution)
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVER_STARTS, "watch", "argnums", str(solution), "--poll"],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        assert "Passed" in wait_for(log, "Waiting for you to save", proc)
        proc.send_signal(signal.SIGINT)  # Ctrl+C
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
    assert log.read_text().splitlines()[-1] == "[[], ['optax']]"


def test_progress_on_a_fresh_home_points_at_the_first_lesson():
    done = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "progress"],
        capture_output=True,
        text=True,
        env=dict(os.environ, COLUMNS="120"),
    )
    assert done.returncode == 0
    assert "0 of" in done.stdout and "Continue with" in done.stdout


def test_progress_continues_with_the_first_lesson_not_passed():
    """Not the lesson opened last: a learner who looked ahead at lesson 5 has lesson 2 to
    finish first."""
    lessons = load_dir(builtin_dir())[0]
    with Store() as store:
        store.record_attempt(lessons[0].id, "pass", "passed", None, 1.0)
        store.set_current_lesson(lessons[4].id)
    done = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "progress"],
        capture_output=True,
        text=True,
        env=dict(os.environ, COLUMNS="200"),
    )
    assert done.returncode == 0, done.stderr
    assert f"Continue with {lessons[1].title}" in " ".join(done.stdout.split())


def test_watch_never_follows_a_link_either_way(tmp_path):
    """A link swapped in for the exercise file is not read (what it points at would be
    stored as the draft, and exported to the teacher), and a dangling link is never
    written through."""
    outside = tmp_path / "outside.txt"
    outside.write_text("secret = 'not the learner's'\n")
    work = tmp_path / "work"
    work.mkdir()
    linked = work / "argnums.py"
    linked.symlink_to(outside)
    dangling = work / "other.py"
    dangling.symlink_to(tmp_path / "created_through_the_link.py")
    log = tmp_path / "watch.log"
    for target in (linked, dangling):
        with log.open("w") as out:
            proc = _watch(target, out)
        try:
            shown = wait_for(log, "symbolic link", proc)
            assert "tests passed" not in shown and "Wrote the starter" not in shown
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    assert not (tmp_path / "created_through_the_link.py").exists()
    with Store() as store:
        assert store.load_draft("argnums") is None


def test_watch_refuses_a_file_larger_than_grade_reads(tmp_path):
    """A 2 MiB "solution" grew the progress store by its size on every save."""
    big = tmp_path / "argnums.py"
    big.write_text("#" * (2 * 1024 * 1024))
    log = tmp_path / "watch.log"
    with log.open("w") as out:
        proc = _watch(big, out)
    try:
        wait_for(log, "larger than", proc)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    with Store() as store:
        assert store.load_draft("argnums") is None


def test_watch_says_a_too_large_file_once_per_save(tmp_path):
    """The loop wakes every second to compare the file: the refusal was printed again on
    each wake while the file stayed as it was."""
    big = tmp_path / "argnums.py"
    big.write_text("#" * (2 * 1024 * 1024))
    log = tmp_path / "watch.log"
    with log.open("w") as out:
        proc = _watch(big, out)
    try:
        wait_for(log, "larger than", proc)
        time.sleep(4)  # four wakes of the loop, the file unchanged
        assert log.read_text().count("larger than") == 1, log.read_text()
        big.write_text("#" * (3 * 1024 * 1024))  # saved again, still too large
        end = time.monotonic() + 30
        while log.read_text().count("larger than") < 2 and time.monotonic() < end:
            time.sleep(0.1)
        time.sleep(4)
        assert log.read_text().count("larger than") == 2, log.read_text()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_watch_checks_the_variant_a_review_asks(tmp_path):
    """A review under way (the app or `jaxtutor review` started it) asks a variant of
    the task: watch writes its starter, says what it changes and checks against it."""
    from jaxtutor.course import variants

    asked = variants.variant(ARGNUMS, "w_and_y")
    with Store() as store:
        store.set_setting("variant:argnums", "w_and_y")
    log, solution = tmp_path / "watch.log", tmp_path / "mine.py"
    with log.open("w") as out:
        proc = _watch(solution, out)
    try:
        shown = wait_for(log, "Waiting for you to save", proc)
        assert "This review changes the task." in shown and "grad_w_and_y" in shown
        assert solution.read_text() == asked.exercise.starter
        # the old draft, under the review's name: the task as first written
        solution.write_text(ARGNUMS.exercise.solution.replace("grad_w_and_x", "grad_w_and_y"))
        wait_for(log, "as first written", proc)
        solution.write_text(asked.exercise.solution)
        wait_for(log, "Passed", proc)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_link_dated_ahead_of_the_clock_is_refused_at_once(tmp_path):
    """A clock set back (a machine resumed, a time sync) leaves files dated in the future:
    such a link is not a save still being written, and is told at once. Beside it, a
    dangling link changes on every poll: the watch still looks at its own file."""
    work = tmp_path / "work"
    work.mkdir()
    linked = work / "argnums.py"
    linked.symlink_to(tmp_path / "outside.txt")
    ahead = time.time_ns() + 3600 * 10**9
    os.utime(linked, ns=(ahead, ahead), follow_symlinks=False)
    (work / "other.py").symlink_to(tmp_path / "missing.py")
    log = tmp_path / "watch.log"
    with log.open("w") as out:
        proc = _watch(linked, out)
    try:
        wait_for(log, "symbolic link", proc, timeout=30.0)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
