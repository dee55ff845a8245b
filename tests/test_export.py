"""`jaxtutor export` from the progress database, then `jaxtutor report` over a class's
exports: what went in comes out, in JSON and in CSV."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import jaxtutor
from jaxtutor.learner.progress import Store


def jaxtutor_cli(*args, home=None):
    env = dict(os.environ)
    if home is not None:
        env["JAXTUTOR_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def _learn(home, script):
    """Progress written through the same store the app uses."""
    with Store(home / "progress.sqlite3") as store:
        script(store)


def ada(store):
    store.save_draft("argnums", "def grad_w_and_x(scale, w, x, y):\n    return 1\n")
    store.reveal_hint("argnums", 4)
    store.reveal_hint("argnums", 4)
    store.record_attempt("argnums", "fail", "wrong_answer", "swapped_order", 1.0)
    store.record_attempt("argnums", "fail", "wrong_answer", "swapped_order", 1.0)
    store.record_attempt("argnums", "pass", "passed", None, 1.0)
    store.record_attempt("has_aux", "fail", "wrong_answer", "forgot_has_aux", 1.0)


def bob(store):
    store.record_attempt("argnums", "fail", "wrong_answer", "swapped_order", 1.0)
    store.record_attempt("argnums", "error", "exception", "non_scalar_loss", 1.0)
    store.mark_solution_shown("argnums")


def test_export_then_report_round_trips(tmp_path):
    _learn(tmp_path / "ada", ada)
    _learn(tmp_path / "bob", bob)
    done = jaxtutor_cli(
        "export", "--name", "Ada", "--out", tmp_path / "ada.json", home=tmp_path / "ada"
    )
    assert done.returncode == 0, done.stderr
    done = jaxtutor_cli(
        "export",
        "--name",
        "=Bob",
        "--format",
        "csv",
        "--out",
        tmp_path / "bob.csv",
        home=tmp_path / "bob",
    )
    assert done.returncode == 0, done.stderr

    exported = json.loads((tmp_path / "ada.json").read_text())
    assert exported["course"] == {"id": "jaxtutor-course", "version": jaxtutor.__version__}
    argnums = next(e for e in exported["exercises"] if e["id"] == "argnums")
    assert argnums["status"] == "passed" and argnums["attempts"] == 3 and argnums["hints_used"] == 2
    assert argnums["misconceptions"] == {"swapped_order": 2}
    assert argnums["final_draft"].startswith("def grad_w_and_x")
    assert argnums["first_passed_at"].endswith("Z")
    # the CSV export keeps the pack and version on every row, and defuses the name
    bob_rows = list(csv.DictReader(io.StringIO((tmp_path / "bob.csv").read_text())))
    assert {(r["pack"], r["pack_version"]) for r in bob_rows} == {
        ("jaxtutor-course", jaxtutor.__version__)
    }
    assert bob_rows[0]["name"] == "'=Bob"

    done = jaxtutor_cli("report", tmp_path / "ada.json", tmp_path / "bob.csv", "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["courses"] == [{"id": "jaxtutor-course", "version": jaxtutor.__version__}]
    students = {s["name"]: s["exercises"] for s in report["students"]}
    assert sorted(students) == ["=Bob", "Ada"]
    assert students["Ada"]["argnums"]["status"] == "passed"
    assert students["Ada"]["argnums"]["hints_used"] == 2
    assert students["Ada"]["has_aux"]["status"] == "in_progress"
    assert students["=Bob"]["argnums"] == {
        "status": "in_progress",
        "attempts": 2,
        "hints_used": 0,
        "first_passed_at": None,
        "last_misconception": "non_scalar_loss",
        "solution_shown": True,
        "misconceptions": {"non_scalar_loss": 1, "swapped_order": 1},
    }
    totals = {t["exercise"]: t for t in report["totals"]}
    assert totals["argnums"]["passed"] == 1 and totals["argnums"]["started"] == 2
    assert report["misconceptions"][0] == {
        "exercise": "argnums",
        "id": "swapped_order",
        "students": 2,
        "times": 3,
    }

    done = jaxtutor_cli("report", tmp_path / "ada.json", tmp_path / "bob.csv", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    ada_argnums = next(r for r in rows if r["student"] == "Ada" and r["exercise"] == "argnums")
    assert ada_argnums["status"] == "passed" and ada_argnums["misconceptions"] == "swapped_order:2"
    assert any(r["student"] == "'=Bob" for r in rows)

    done = jaxtutor_cli("report", tmp_path / "ada.json", tmp_path / "bob.csv")
    assert "Class progress" in done.stdout and "swapped_order" in done.stdout


def test_report_warns_of_mixed_courses_and_skips_broken_files(tmp_path):
    _learn(tmp_path / "ada", ada)
    jaxtutor_cli("export", "--name", "Ada", "--out", tmp_path / "ada.json", home=tmp_path / "ada")
    old = json.loads((tmp_path / "ada.json").read_text())
    old["name"], old["course"]["version"] = "Cy", "0.0.1"
    (tmp_path / "cy.json").write_text(json.dumps(old))
    (tmp_path / "junk.json").write_text("{not json")
    done = jaxtutor_cli(
        "report",
        tmp_path / "ada.json",
        tmp_path / "cy.json",
        tmp_path / "junk.json",
        "--format",
        "json",
    )
    assert done.returncode == 1
    assert "junk.json:1:2: not valid JSON" in done.stderr
    assert "different courses or versions" in done.stderr
    assert len(json.loads(done.stdout)["courses"]) == 2


def test_export_with_no_progress_creates_nothing(tmp_path):
    done = jaxtutor_cli("export", "--name", "New", home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exercises"] and all(e["status"] == "not_started" for e in data["exercises"])
    assert not (tmp_path / "home").exists()


# -- exports are untrusted input ----------------------------------------------------------


def _export(tmp_path, file: str, **changes) -> Path:
    """A real export of Ada's progress, with `changes` made to its JSON."""
    home = tmp_path / f"home-{file}"
    _learn(home, ada)
    out = tmp_path / f"{file}.json"
    done = jaxtutor_cli("export", "--name", "Ada", "--out", out, home=home)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    data.update(changes)
    out.write_text(json.dumps(data))
    return out


def test_hostile_exports_are_skipped_with_a_reason_and_the_table_survives(tmp_path):
    good = _export(tmp_path, "good")
    deep = tmp_path / "deep.json"
    deep.write_text(
        '{"kind": "jaxtutor-progress", "version": 1, "name": "x", "exercises": '
        + "[" * 50_000
        + "]" * 50_000
        + "}"
    )
    listed_name = _export(tmp_path, "listname", name=["Ada"])
    data = json.loads(good.read_text())
    data["exercises"][0]["attempts"] = "many"
    text_attempts = tmp_path / "text_attempts.json"
    text_attempts.write_text(json.dumps(data))
    data["exercises"][0]["attempts"] = -50
    negative = tmp_path / "negative.json"
    negative.write_text(json.dumps(data))
    done = jaxtutor_cli(
        "report", good, deep, listed_name, text_attempts, negative, "--format", "json"
    )
    assert done.returncode == 1  # some were skipped
    assert "Traceback" not in done.stderr
    for path in (deep, listed_name, text_attempts, negative):
        assert f"skipped {path}" in done.stderr, done.stderr
    report = json.loads(done.stdout)
    assert [s["name"] for s in report["students"]] == ["Ada"]
    assert all(t["attempts"] >= 0 for t in report["totals"])


def test_two_exports_claiming_one_name_are_a_conflict_not_a_date_contest(tmp_path):
    real = _export(tmp_path, "real")
    forged = _export(tmp_path, "forged", exported_at="2099-01-01T00:00:00Z")
    done = jaxtutor_cli("report", real, forged, "--format", "json")
    assert done.returncode == 1 and "conflict" in done.stderr
    assert str(real) in done.stderr and str(forged) in done.stderr
    report = json.loads(done.stdout)
    assert sorted(s["name"] for s in report["students"]) == sorted(
        [f"Ada ({real})", f"Ada ({forged})"]
    )


def test_invented_lessons_are_listed_apart_and_output_stays_bounded(tmp_path):
    data = json.loads(_export(tmp_path, "base").read_text())
    fake = dict(data["exercises"][0])
    data["exercises"] += [dict(fake, id=f"invented_{i}") for i in range(400)]
    invented = tmp_path / "invented.json"
    invented.write_text(json.dumps(data))
    done = jaxtutor_cli("report", invented, "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert "does not have" in done.stderr and "invented_0" in done.stderr
    assert "invented_" not in done.stdout
    assert len(done.stdout) < invented.stat().st_size


def test_a_name_with_invisible_characters_shows_them(tmp_path):
    plain = _export(tmp_path, "plain")
    hidden = _export(tmp_path, "hidden", name="Ad\u200ba")
    done = jaxtutor_cli("report", plain, hidden, "--format", "csv")
    assert done.returncode == 0, done.stderr
    names = {row["student"] for row in csv.DictReader(io.StringIO(done.stdout))}
    assert names == {"Ada", "Ad\\u200ba"}


def test_export_without_a_name_says_which_name_it_used(tmp_path):
    import getpass

    _learn(tmp_path / "home", ada)
    done = jaxtutor_cli("export", home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == getpass.getuser()
    assert "no --name given" in done.stderr and getpass.getuser() in done.stderr


def test_the_class_report_reads_at_80_columns(tmp_path):
    """One row per student with their whole name, parts as columns, and filters for a
    lesson or a part; nothing cut to an ellipsis."""
    names = ["Ada Lovelace-Byron", "Grace Brewster Hopper", "Bob"]
    files = []
    for name in names:
        home = tmp_path / name.replace(" ", "_")
        _learn(home, ada)
        out = tmp_path / f"{name.replace(' ', '_')}.json"
        assert jaxtutor_cli("export", "--name", name, "--out", out, home=home).returncode == 0
        files.append(out)
    env_width = {"COLUMNS": "80"}
    for extra, words in (
        ((), ["passed", "part 1", "part 3", "Foundations"]),
        (("--lesson", "argnums"), ["state", "swapped_order"]),
        (("--part", "Training loops"), ["Class progress: Training loops"]),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "jaxtutor", "report", *map(str, files), *extra],
            capture_output=True,
            text=True,
            env={**os.environ, **env_width, "JAXTUTOR_HOME": str(tmp_path / "teacher")},
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert max(len(line) for line in lines) <= 80
        assert "…" not in done.stdout
        flat = " ".join(done.stdout.split())
        for name in names:
            assert name in flat or name.replace(" ", " │ ") in flat, (name, done.stdout)
        for word in words:
            assert word in done.stdout, (word, done.stdout)
    bad = jaxtutor_cli("report", *files, "--lesson", "nope")
    assert bad.returncode == 2 and "no such lesson" in bad.stderr


def test_markup_in_an_export_is_shown_as_the_text_it_is(tmp_path):
    """A name, course, lesson or misconception id written as Rich markup is printed as
    those characters: never a style, never a link."""
    plain = _export(tmp_path, "plain")
    data = json.loads(_export(tmp_path, "marked", name="[bold red]Ada[/]").read_text())
    data["course"] = {"id": "[link=https://example.com]course[/link]", "version": "[blink]1[/]"}
    argnums = next(e for e in data["exercises"] if e["id"] == "argnums")
    argnums["misconceptions"] = {"[reverse]swapped[/]": 2}
    argnums["last_misconception"] = "[reverse]swapped[/]"
    data["exercises"].append(dict(argnums, id="[bold red]invented[/]"))
    marked = tmp_path / "marked.json"
    marked.write_text(json.dumps(data))
    env = {**os.environ, "FORCE_COLOR": "1", "COLUMNS": "200"}
    for extra, texts in (
        ((), ["[bold red]Ada[/]", "[link=https://example.com]course[/link] [blink]1[/]"]),
        (("--lesson", "argnums"), ["[bold red]Ada[/]", "argnums: [reverse]swapped[/]"]),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "jaxtutor", "report", plain, marked, *extra],
            capture_output=True,
            text=True,
            env={**env, "JAXTUTOR_HOME": str(tmp_path / "teacher")},
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "[bold red]invented[/]" in done.stderr
        for text in texts:  # whole: a style would have put escape codes in it
            assert text in done.stdout, (text, done.stdout)
        assert "\x1b[" in done.stdout and "\x1b]8;" not in done.stdout  # colours, no link
        assert done.stdout.count("[reverse]swapped[/]") == 1 + bool(extra)


def test_a_class_of_twenty_shows_its_weak_skills_at_80_columns(tmp_path):
    """Twenty exports: every student passes grad_basics at once; half of them pass
    argnums at once too, the other half keep swapping its arguments. The skills report puts argnums first, with those ten
    below the line, and the CSV has a row per student and skill."""
    from jaxtutor.course.lessons import builtin_lessons
    from jaxtutor.learner.mastery import observations

    argnums = next(lesson for lesson in builtin_lessons() if lesson.id == "argnums")
    swapped = {"status": "fail", "outcome": "wrong_answer", "misconception": "swapped_order"}
    assert observations(swapped, argnums) == [("argnums", False)]
    files, struggling = [], set()
    for n in range(20):
        name = f"Student {n:02d}"

        def script(store, weak=n % 2 == 0):
            store.record_attempt("grad_basics", "pass", "passed", None, 1.0)
            if weak:
                for _ in range(4):
                    store.record_attempt("argnums", "fail", "wrong_answer", "swapped_order", 1.0)
            else:
                store.record_attempt("argnums", "pass", "passed", None, 1.0)

        if n % 2 == 0:
            struggling.add(name)
        home = tmp_path / f"home{n}"
        _learn(home, script)
        out = tmp_path / f"{n}.json"
        assert jaxtutor_cli("export", "--name", name, "--out", out, home=home).returncode == 0
        files.append(out)
    exported = json.loads(files[0].read_text())["skills"]
    assert {s["skill"] for s in exported} >= {"grad", "argnums"}
    done = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "report", "--skills", *map(str, files)],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80", "JAXTUTOR_HOME": str(tmp_path / "teacher")},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    rows = [line.split() for line in lines if line.strip().startswith(("argnums", "grad "))]
    assert rows[0][:3] == ["argnums", rows[0][1], "10/20"]  # the weakest skill comes first
    flat = " ".join(done.stdout.split())
    assert all(name in flat for name in struggling)
    table = jaxtutor_cli("report", "--skills", "--format", "csv", *files).stdout.splitlines()
    assert table[0] == "student,skill,estimate,checks,named_mistakes,hints"
    assert sum(line.startswith("Student 00,argnums,") for line in table) == 1
