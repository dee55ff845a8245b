"""The CLI contract of `jaxtutor list` and `jaxtutor check`, run as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import SERVER_STARTS
from jaxtutor import __version__
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.runner.host.launch import libraries_named


def jaxtutor(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_list_names_every_exercise_with_its_lesson_title():
    result = jaxtutor("list")
    assert result.returncode == 0
    for lesson in builtin_lessons():
        assert any(
            line.split()[1] == lesson.id and lesson.title in line
            for line in result.stdout.splitlines()
        ), lesson.id


def test_unknown_exercise_is_a_usage_error(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    result = jaxtutor("check", "no_such_exercise", str(tmp_path / "a.py"))
    assert result.returncode == 2
    assert "unknown exercise 'no_such_exercise'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_file_is_a_usage_error(tmp_path):
    result = jaxtutor("check", "argnums", str(tmp_path / "nope.py"))
    assert result.returncode == 2
    assert "no such file" in result.stderr


def test_bad_arguments_are_a_usage_error():
    assert jaxtutor("check").returncode == 2


@pytest.fixture
def argnums_solution(tmp_path):
    path = tmp_path / "solution.py"
    path.write_text(find_exercise("argnums").exercise.solution)
    return path


def test_check_passes_with_exit_0_and_a_readable_report(argnums_solution):
    result = jaxtutor("check", "argnums", str(argnums_solution))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed" in result.stdout


def test_check_starts_its_fork_server_before_its_own_imports(tmp_path):
    """The server's JAX import (about a second) is the longest part of a one-off
    check: started before the tutor's own imports and the jail's probe (about half a
    second), it no longer waits for them. One server, whose forks are every child,
    importing no library the file does not name (optax: about 0.1 s)."""
    path = tmp_path / "solution.py"
    path.write_text(find_exercise("grad_basics").exercise.solution)
    result = subprocess.run(
        [sys.executable, "-c", SERVER_STARTS, "check", "grad_basics", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed" in result.stdout
    assert result.stdout.splitlines()[-1] == "[[], []]"


def test_a_one_off_checks_server_imports_the_libraries_its_file_names(tmp_path):
    named = tmp_path / "named.py"
    named.write_text("import jax\nimport optax\n")
    plain = tmp_path / "plain.py"
    plain.write_text(find_exercise("grad_basics").exercise.solution)
    assert libraries_named(str(named)) == ("optax",)
    assert libraries_named(str(plain)) == ()
    assert libraries_named(str(tmp_path / "missing.py")) == ()
    os.mkfifo(tmp_path / "pipe.py")  # no writer: an open would wait for one
    assert libraries_named(str(tmp_path / "pipe.py")) == ()


def test_check_json_is_one_object_shaped_like_exercism_results(tmp_path):
    path = tmp_path / "wrong.py"
    solution = find_exercise("argnums").exercise.solution
    path.write_text(
        solution.replace("argnums=(1, 2)", "argnums=(2, 1)")
        + "\nprint('hello from the learner ' * 40)\n"
    )
    result = jaxtutor("check", "argnums", str(path), "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["version"] == 1 and report["exercise"] == "argnums"
    assert report["status"] == "fail"
    assert report["diagnosis"]["id"] == "swapped_order"
    assert report["hint"]
    assert isinstance(report["duration_s"], float)
    assert report["tests"] and all(
        set(t) == {"name", "status", "message", "output"} for t in report["tests"]
    )
    assert "hello from the learner" in report["output"] and len(report["output"]) <= 500


def test_check_json_error_status_for_code_that_cannot_be_judged(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("def grad_w_and_x(scale, w, x, y)\n    return 1\n")
    result = jaxtutor("check", "argnums", str(path), "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["status"] == "error" and report["outcome"] == "syntax_error"
    assert report["line"] == 1


def test_list_shows_a_heading_where_each_part_begins():
    lines = jaxtutor("list").stdout.splitlines()
    headings = [line for line in lines if line.startswith("-- ")]
    assert headings == [
        "-- Foundations --",
        "-- Training loops --",
        "-- The wider toolbox --",
        "-- The practitioner's toolkit --",
    ]
    numbered = [line.split()[:2] for line in lines if not line.startswith("-- ")]
    assert numbered == [[str(n), lesson.id] for n, lesson in enumerate(builtin_lessons(), start=1)]
    first = {lesson.part: lesson.id for lesson in reversed(builtin_lessons())}
    for heading in headings:
        following = lines[lines.index(heading) + 1].split()[1]
        assert following == first[heading[3:-3]]


def test_show_prints_a_lessons_text_without_importing_jax():
    lesson = find_exercise("grad_basics")
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from jaxtutor.cli import main; "
            "code = main(['show', 'grad_basics']); "
            "assert 'jax' not in sys.modules, 'show imported JAX'; sys.exit(code)",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    shown = " ".join(result.stdout.split())
    assert "Lesson 1 of" in shown
    assert "A transformation of the function" in lesson.explanation  # a heading of the lesson
    assert "A transformation of the function" in shown and "**You should" not in shown  # rendered
    unknown = jaxtutor("show", "no_such_lesson")
    assert unknown.returncode == 2 and "unknown lesson" in unknown.stderr


def test_a_lessons_folder_that_does_not_exist_is_a_usage_error(tmp_path):
    result = jaxtutor("--lessons", str(tmp_path / "nowhere"), "list")
    assert result.returncode == 2
    assert "no such folder" in result.stderr


def test_watch_does_not_make_folders(tmp_path):
    result = jaxtutor("watch", "argnums", str(tmp_path / "no" / "such" / "x.py"))
    assert result.returncode == 2 and "no such folder" in result.stderr
    assert not (tmp_path / "no").exists()


def test_new_lesson_refuses_a_built_in_id(tmp_path):
    result = jaxtutor("new-lesson", "argnums", "--dir", str(tmp_path))
    assert result.returncode == 2 and "built-in lesson" in result.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    "command, words",
    [
        ("list", "exercise id"),
        ("progress", "passed, in progress"),
        ("check", "exit codes"),
        ("check", "does not record progress"),
    ],
)
def test_help_says_what_a_command_does(command, words):
    result = jaxtutor(command, "--help")
    assert result.returncode == 0 and words in " ".join(result.stdout.split())


def test_version_lessons_by_number_and_did_you_mean():
    version = jaxtutor("--version")
    assert version.returncode == 0 and version.stdout.split() == ["jaxtutor", __version__]
    third = jaxtutor("show", "3")
    lessons = builtin_lessons()
    assert third.returncode == 0 and f"Lesson 3 of {len(lessons)}" in third.stdout
    assert lessons[2].title.split(":")[0] in " ".join(third.stdout.split())
    typo = jaxtutor("check", "argnum", "missing.py")
    assert typo.returncode == 2 and "did you mean argnums?" in typo.stderr
    far = jaxtutor("show", "zzz")
    assert (
        far.returncode == 2 and "did you mean" not in far.stderr and "jaxtutor list" in far.stderr
    )
