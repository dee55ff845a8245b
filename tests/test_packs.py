"""Lesson packs: loaded beside or instead of the course, a broken lesson listed not fatal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxtutor.authoring.lint import lint
from jaxtutor.authoring.skeleton import write_skeleton
from jaxtutor.cli import main
from jaxtutor.course.active import active_course
from jaxtutor.course.packs import load_pack, version_in
from jaxtutor.learner.progress import Store
from test_tui_kill import Terminal, wait_until

BROKEN = Path(__file__).parent / "broken_lessons"


def make_pack(folder: Path, jax: str = ">=0.4.30,<1") -> Path:
    write_skeleton("pack_one", folder)
    write_skeleton("pack_two", folder)
    shutil.copy(BROKEN / "bad_toml.toml", folder / "broken.toml")
    (folder / "pack.toml").write_text(
        f'title = "Extra practice"\nversion = "1.2"\njax = "{jax}"\nauthor = "A. Teacher"\n'
    )
    return folder


def test_a_broken_lesson_never_stops_the_others(tmp_path):
    pack = load_pack(make_pack(tmp_path / "pack"))
    assert [lesson.id for lesson in pack.lessons] == ["pack_one", "pack_two"]
    (error,) = pack.errors
    assert error.path.name == "broken.toml" and error.line == 3
    assert (pack.title, pack.version, pack.author) == ("Extra practice", "1.2", "A. Teacher")


def test_beside_or_instead_of_the_course(tmp_path, monkeypatch):
    folder = make_pack(tmp_path / "pack")
    beside = active_course(str(folder))
    ids = [lesson.id for lesson in beside.lessons]
    assert ids[0] == "grad_basics" and ids[-2:] == ["pack_one", "pack_two"]
    assert [e.path.name for e in beside.errors] == ["broken.toml"]
    monkeypatch.setenv("JAXTUTOR_LESSONS", str(folder))
    assert [lesson.id for lesson in active_course(only_packs=True).lessons] == [
        "pack_one",
        "pack_two",
    ]


def test_list_and_check_see_pack_lessons(tmp_path, capsys):
    folder = make_pack(tmp_path / "pack")
    assert main(["--lessons", str(folder), "list"]) == 0
    out = capsys.readouterr().out
    assert "pack_two" in out and "grad_basics" in out
    assert "(not loaded)" in out and "broken.toml:3:" in out
    assert main(["--lessons", str(folder), "check", "pack_one", str(tmp_path / "none.py")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_pack_may_not_take_a_built_in_id(tmp_path):
    write_skeleton("grad_basics", tmp_path)
    course = active_course(str(tmp_path))
    assert [lesson.id for lesson in course.lessons].count("grad_basics") == 1
    assert "already used" in str(course.errors[0])


def test_jax_range_warning_and_manifest_lint(tmp_path):
    folder = make_pack(tmp_path / "pack", jax=">=0.1,<0.2")
    assert "was written for JAX >=0.1,<0.2" in active_course(str(folder)).warnings[0]
    assert version_in("0.10.2", ">=0.4.30,<0.11") and not version_in("0.4.1", ">=0.4.30")
    (folder / "pack.toml").write_text('title = "x"\nversoin = "1"\njax = "new"\n')
    codes = [
        (p.code, p.line)
        for p in lint([folder], prove_exercises=False).problems
        if p.path.name == "pack.toml"
    ]
    assert codes == [("unknown-key", 2), ("missing-key", 1), ("bad-version-range", 3)]


def test_pack_lessons_are_listed_under_their_part_or_a_heading_of_their_own(tmp_path, capsys):
    folder = make_pack(tmp_path / "pack")
    assert main(["--lessons", str(folder), "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("-- My pack --")  # the skeleton's part
    assert lines[at - 1].split()[1] == "data_parallel"
    assert [line.split()[1] for line in lines[at + 1 : at + 3]] == ["pack_one", "pack_two"]
    for path in folder.glob("pack_*.toml"):  # without a part, they must not look like
        path.write_text(path.read_text().replace('part = "My pack"', ""))  # the course's
    assert main(["--lessons", str(folder), "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("-- Other lessons --")
    assert lines[at - 1].split()[1] == "data_parallel"
    assert lines[at + 1].split()[1] == "pack_one"


@pytest.mark.parametrize("how", ["--lessons", "JAXTUTOR_LESSONS"])
def test_the_app_opens_a_packs_lesson(tmp_path, how):
    """The real app, given a pack either way, knows the pack's lesson: it reopens it
    where the learner left off, as "lesson 18 of 18" after the built-in course (an app
    without the pack would open the course's first lesson instead)."""
    folder = make_pack(tmp_path / "pack")
    skeleton = folder / "pack_two.toml"
    skeleton.write_text(
        skeleton.read_text().replace(
            'title = "Your lesson\'s title"', 'title = "Cubes from a pack"', 1
        )
    )
    home = tmp_path / "home"
    with Store(home / "progress.sqlite3") as store:
        store.set_current_lesson("pack_two")
    given = (
        {"args": ("--lessons", str(folder))}
        if how == "--lessons"
        else {"env": {"JAXTUTOR_LESSONS": str(folder)}}
    )
    terminal = Terminal(home, **given)
    try:
        count = len(active_course(str(folder)).lessons)
        wait_until(
            lambda: (
                b"Cubes from a pack" in terminal.shown
                and f"{count} of {count}".encode() in terminal.shown
            )
        )
    finally:
        terminal.kill()
