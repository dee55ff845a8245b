"""`grade --shard K/N` splits a class the same way on every machine, and `report` puts the
shards' JSON back together as one unsharded run (same seed) would have written it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import made_once
from jaxtutor.classroom.shards import SIGNING_KEY, merge_results, parse_shard, shard_of, signature

SUBMISSIONS = Path(__file__).parent / "submissions" / "argnums"
CLASS = ["alice.py", "bob.py", "carol.py", "dave.py", "oscar.py", "judy"]


def jaxtutor(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
        env=None if env is None else {**os.environ, **env},
    )


def students(result: dict) -> list[str]:
    return [r["student"] for r in result["rows"]]


def without_timing(result: dict) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "duration_s"} for r in result["rows"]]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded whole and in two shards, once per run."""

    def grade(root: Path) -> dict:
        folder = root / "class"
        folder.mkdir()
        for name in CLASS:
            (shutil.copytree if (SUBMISSIONS / name).is_dir() else shutil.copy)(
                SUBMISSIONS / name, folder / name
            )
        runs = {}
        for shard in (None, "1/2", "2/2"):
            out = root / f"{(shard or 'all').replace('/', '-')}.json"
            extra = ["--shard", shard] if shard else []
            done = jaxtutor(
                "grade",
                "argnums",
                folder,
                "--seed",
                "4242",
                "--jobs",
                "1",
                "--format",
                "json",
                "--out",
                out,
                *extra,
            )
            assert done.returncode == 0, done.stderr
            runs[shard or "all"] = out.name
        return runs

    root, runs = made_once(tmp_path_factory, "graded_shards", grade)
    return {None if shard == "all" else shard: root / name for shard, name in runs.items()}


def test_shards_cover_the_class_once(graded):
    whole = json.loads(graded[None].read_text())
    one, two = (json.loads(graded[s].read_text()) for s in ("1/2", "2/2"))
    assert one["shard"] == "1/2" and two["shard"] == "2/2"
    assert one["rows"] and two["rows"]  # this class does split
    assert not set(students(one)) & set(students(two))
    assert (
        sorted(students(one) + students(two))
        == students(whole)
        == ["alice", "bob", "carol", "dave", "judy", "oscar"]
    )


def test_report_merges_the_shards_into_the_unsharded_rows(graded, tmp_path):
    out = tmp_path / "merged.json"
    done = jaxtutor("report", graded["2/2"], graded["1/2"], "--format", "json", "--out", out)
    assert done.returncode == 0, done.stderr
    merged, whole = json.loads(out.read_text()), json.loads(graded[None].read_text())
    assert without_timing(merged) == without_timing(whole)
    assert merged["summary"] == whole["summary"]
    assert (merged["exercise"], merged["seed"]) == ("argnums", 4242) and "shard" not in merged
    table = jaxtutor("report", graded["1/2"], graded["2/2"])
    assert table.returncode == 0 and "1 of 6 passed." in table.stdout


def test_report_refuses_shards_that_do_not_belong_together(graded, tmp_path):
    other = json.loads(graded["1/2"].read_text())
    other["seed"] = 1
    (tmp_path / "other.json").write_text(json.dumps(other))
    done = jaxtutor("report", graded["2/2"], tmp_path / "other.json")
    assert done.returncode == 2 and "seed" in done.stderr
    twice = jaxtutor("report", graded["1/2"], graded["1/2"])
    assert twice.returncode == 2 and "shard 1/2 is given twice" in twice.stderr


def test_a_students_shard_depends_on_the_name_alone():
    # pinned: Python's hash() would change with every process; this must not
    assert [shard_of(name, 3) for name in ("alice", "judy", "dave")] == [3, 1, 2]
    code = "from jaxtutor.classroom.shards import shard_of; print(shard_of('alice', 7))"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": str(n), "PYTHONPATH": ":".join(sys.path)},
        ).stdout
        for n in (1, 2)
    }
    assert seen == {f"{shard_of('alice', 7)}\n"}


def test_shard_usage():
    assert parse_shard("2/5") == (2, 5)
    for bad in ("0/3", "4/3", "1-3", "a/b", "1/0"):
        with pytest.raises(ValueError):
            parse_shard(bad)
    assert jaxtutor("grade", "argnums", SUBMISSIONS, "--shard", "1/2").returncode == 2  # no seed
    assert (
        jaxtutor("grade", "argnums", SUBMISSIONS, "--shard", "3/2", "--seed", "1").returncode == 2
    )
    with pytest.raises(ValueError):
        merge_results([])


# -- shards handed in by hands the teacher does not trust -----------------------------------


def _edited(graded, tmp_path, shard: str, edit) -> Path:
    data = json.loads(graded[shard].read_text())
    edit(data)
    path = tmp_path / f"edited-{shard.replace('/', '-')}.json"
    path.write_text(json.dumps(data))
    return path


def test_a_row_edited_to_pass_is_refused(graded, tmp_path):
    def to_pass(data):
        row = next(r for r in data["rows"] if r["status"] != "pass")
        row["status"] = "pass"

    done = jaxtutor("report", _edited(graded, tmp_path, "1/2", to_pass), graded["2/2"])
    assert done.returncode == 2 and "does not go with outcome" in done.stderr

    def to_passed_outcome(data):  # status and outcome agree, the counts do not
        row = next(r for r in data["rows"] if r["tests_passed"] < r["tests_total"])
        row["status"], row["outcome"] = "pass", "passed"

    done = jaxtutor("report", _edited(graded, tmp_path, "1/2", to_passed_outcome), graded["2/2"])
    assert done.returncode == 2 and "tests passed" in done.stderr


def test_a_missing_shard_is_refused_unless_partial_and_then_said(graded):
    alone = jaxtutor("report", graded["1/2"])
    assert alone.returncode == 2 and "2/2" in alone.stderr and "missing" in alone.stderr
    partial = jaxtutor("report", graded["1/2"], "--partial", "--format", "json")
    assert partial.returncode == 0 and "PARTIAL" in partial.stderr
    assert json.loads(partial.stdout)["partial"] == {"missing_shards": ["2/2"]}


def test_shards_of_different_cuts_or_a_student_in_the_wrong_shard_are_refused(graded, tmp_path):
    three = _edited(graded, tmp_path, "2/2", lambda data: data.update(shard="3/3"))
    done = jaxtutor("report", graded["1/2"], three)
    assert done.returncode == 2 and "different numbers" in done.stderr

    def move_a_student(data):
        other = json.loads(graded["2/2"].read_text())
        data["rows"].append(other["rows"][0])

    moved = _edited(graded, tmp_path, "1/2", move_a_student)
    done = jaxtutor("report", moved, graded["2/2"], "--partial")
    assert done.returncode == 2 and "belongs to" in done.stderr


def test_signed_shards_verify_and_an_edit_breaks_the_signature(tmp_path):
    """With the signing key set, grade signs its JSON and report verifies it: an edit
    made on the way (a CI artifact, a USB stick) is refused, and so is an unsigned one."""
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "alice.py", folder / "alice.py")
    key = {SIGNING_KEY: "a teacher's secret"}
    out = tmp_path / "whole.json"
    done = jaxtutor(
        "grade", "argnums", folder, "--seed", "1", "--format", "json", "--out", out, env=key
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    assert data["signature"] == signature(data, key[SIGNING_KEY])
    assert jaxtutor("report", out, env=key).returncode == 0
    data["rows"][0]["message"] = "edited"
    (tmp_path / "edited.json").write_text(json.dumps(data))
    done = jaxtutor("report", tmp_path / "edited.json", env=key)
    assert done.returncode == 2 and "signed" in done.stderr
    del data["signature"]
    (tmp_path / "unsigned.json").write_text(json.dumps(data))
    assert jaxtutor("report", tmp_path / "unsigned.json", env=key).returncode == 2


def test_a_shard_nested_far_too_deep_is_refused_as_an_export_is(graded, tmp_path):
    """100,000 levels ended `report` in a RecursionError's traceback; an export so deep
    was already skipped with the reason."""
    deep = tmp_path / "deep.json"
    deep.write_text(
        '{"kind": "jaxtutor-grade", "version": 1, "rows": ' + "[" * 100_000 + "]" * 100_000 + "}"
    )
    nested = _edited(graded, tmp_path, "2/2", lambda data: data.update(pack=[[[[[["x"]]]]]]))
    for files, said in (
        ((graded["1/2"], deep), f"{deep}: nested far deeper"),
        ((deep,), f"{deep}: nested far deeper"),  # as the first file, its kind is unknown
        ((graded["1/2"], nested), f"{nested}: nested deeper than"),
    ):
        done = jaxtutor("report", *files)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr and said in done.stderr, done.stderr


def test_report_shows_markup_in_results_as_the_text_it_is(graded, tmp_path):
    """A result's exercise and seed made the table's title, a markup string: a shard
    naming its exercise `[bold red]argnums[/]` printed a bold red title."""
    data = json.loads(graded[None].read_text())
    data["exercise"], data["seed"] = "[bold red]argnums[/]", "[blink]4242[/]"
    rows = {r["student"]: r for r in data["rows"]}
    rows["alice"]["student"] = "[bold red]alice[/]"
    rows["bob"]["misconception"] = "[link=https://example.com]wrong_argnums[/link]"
    rows["judy"]["message"] = "[reverse]no .py file[/]"
    marked = tmp_path / "marked.json"
    marked.write_text(json.dumps(data))
    done = jaxtutor("report", marked, env={"FORCE_COLOR": "1", "COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    for text in (
        "[bold red]argnums[/] (seed [blink]4242[/])",
        "[bold red]alice[/]",
        "[link=https://example.com]wrong_argnums[/link]",
        "[reverse]no .py file[/]",
    ):  # whole: a style would have put escape codes in it, markup taken its brackets
        assert text in done.stdout, done.stdout
    assert "\x1b[" in done.stdout and "\x1b]8;" not in done.stdout  # colours, no link
