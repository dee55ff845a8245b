"""`jaxtutor grade` on a class folder that mixes correct, wrong, crashing and hostile
submissions, through the real CLI, sandbox and oracle."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import made_once
from jaxtutor.classroom.results import Row, summarize, to_csv
from jaxtutor.classroom.submissions import find_submissions
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.runner.host.launch import isolated

SUBMISSIONS = Path(__file__).parent / "submissions" / "argnums"

# student: (status, outcome, misconception); "all" tests passed, "none" passed, only "the
# exact fit" (both gradients 0, the one case an answer of zeros is right on), or no tests
EXPECTED = {
    "alice": ("pass", "passed", None, "all"),
    "bob": ("fail", "wrong_answer", "wrong_argnums", "none"),
    "carol": ("fail", "wrong_answer", "swapped_order", "none"),
    "dave": ("fail", "wrong_answer", "single_gradient", "none"),
    "erin": ("fail", "wrong_answer", "wrong_argnums", "none"),  # a folder with one file
    "frank": ("error", "crashed", None, "no tests"),  # os._exit in the middle
    "grace": ("error", "exception", "stopped", "no tests"),  # fake JSON, then sys.exit(0)
    # attacks files and siblings, then returns zeros whatever she is given
    "heidi": ("fail", "wrong_answer", "probe_constant_result", "the exact fit"),
    "ivan": ("pass", "passed", None, "all"),  # a folder: picks the file defining the function
    "judy": ("error", "not_checked", None, "no tests"),  # a folder with no .py file
    "mallory": ("error", "timeout", None, "no tests"),  # loops forever
    "oscar": ("error", "syntax_error", None, "no tests"),
    "peggy": ("error", "exception", "non_scalar_loss", "no tests"),
    "trent": ("fail", "wrong_answer", "swapped_order", "none"),  # patches numpy, fakes output
}


def jaxtutor(*args, cwd=None, timeout=600):
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Grade a copy of the class (heidi tries to rewrite what she can reach) with two
    jobs, once per run (the tests only read what it left)."""

    def grade(root: Path) -> list:
        folder = root / "argnums"
        shutil.copytree(SUBMISSIONS, folder)
        (folder / ".heidi-may-attack").touch()
        done = jaxtutor(
            "grade",
            "argnums",
            folder,
            "--jobs",
            "2",
            "--format",
            "json",
            "--out",
            folder / "results.json",
        )
        return [done.args, done.returncode, done.stdout, done.stderr]

    root, done = made_once(tmp_path_factory, "graded_class", grade)
    folder = root / "argnums"
    return folder, folder / "results.json", subprocess.CompletedProcess(*done)


def test_every_submission_gets_its_own_right_row(graded):
    folder, out, done = graded
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    rows = {r["student"]: r for r in report["rows"]}
    assert list(rows) == sorted(EXPECTED)
    total = rows["alice"]["tests_total"]
    assert total > 0
    for student, (status, outcome, misconception, tests) in EXPECTED.items():
        row = rows[student]
        got = (row["status"], row["outcome"], row["misconception"])
        assert got == (status, outcome, misconception), (student, row)
        passed = {"all": total, "none": 0, "the exact fit": 1}
        want = (passed[tests], total) if tests in passed else (0, 0)
        assert (row["tests_passed"], row["tests_total"]) == want, (student, row)
        assert row["duration_s"] >= 0
    # an endless loop is checked once: a second run would cost its whole limit again
    assert rows["mallory"]["outcome"] == "timeout" and not rows["mallory"]["retried"]
    assert rows["ivan"]["file"] == "answer.py"
    assert rows["erin"]["file"] == "work.py"
    assert "no .py file" in rows["judy"]["message"]
    assert report["exercise"] == "argnums"
    assert isinstance(report["seed"], int)  # one fresh draw for the class, reported
    assert report["pack"] == {
        "id": "jaxtutor-course",
        "version": __import__("jaxtutor").__version__,
    }


def test_the_attack_changed_nothing_however_often_the_class_is_graded(graded, tmp_path):
    folder, out, _ = graded
    first = json.loads(out.read_text())
    assert "hacked" not in first  # the report is ours, not hers
    # graded again as the first grading left the folder, all but mallory, whose endless
    # loop would only spin a core to its timeout once more
    again_folder = tmp_path / "argnums"
    shutil.copytree(folder, again_folder, ignore=shutil.ignore_patterns("mallory.py"))
    again = jaxtutor("grade", "argnums", again_folder, "--jobs", "2", "--format", "json")
    assert [
        (r["student"], r["status"], r["outcome"]) for r in json.loads(again.stdout)["rows"]
    ] == [
        (r["student"], r["status"], r["outcome"])
        for r in first["rows"]
        if r["student"] != "mallory"
    ]
    # jailed, heidi finds neither the grader nor her classmates' files
    for original in SUBMISSIONS.rglob("*.py"):
        assert (folder / original.relative_to(SUBMISSIONS)).read_bytes() == original.read_bytes()
        if original.name != "mallory.py":
            copy = again_folder / original.relative_to(SUBMISSIONS)
            assert copy.read_bytes() == original.read_bytes()


def test_summary_counts_passes_and_ranks_misconceptions(graded):
    _, out, _ = graded
    summary = json.loads(out.read_text())["summary"]
    assert summary["submissions"] == 14
    assert summary["passed"] == 2
    assert summary["statuses"] == {"error": 6, "fail": 6, "pass": 2}
    assert summary["misconceptions"] == [
        {"id": "swapped_order", "count": 2},
        {"id": "wrong_argnums", "count": 2},
        {"id": "non_scalar_loss", "count": 1},
        {"id": "probe_constant_result", "count": 1},
        {"id": "single_gradient", "count": 1},
        {"id": "stopped", "count": 1},
    ]


def test_quiet_in_a_pipe(graded):
    _, _, done = graded
    assert done.stdout == ""  # the results went to --out
    assert "grading" not in done.stderr and "━" not in done.stderr


def test_fresh_seed_csv_on_stdout(tmp_path):
    for name in ("alice.py", "carol.py"):
        shutil.copy(SUBMISSIONS / name, tmp_path / name)
    done = jaxtutor(
        "grade",
        "argnums",
        tmp_path / "alice.py",
        tmp_path / "carol.py",
        "--seed",
        "12345",
        "--format",
        "csv",
        "--jobs",
        "1",
    )
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [(r["student"], r["status"], r["misconception"]) for r in rows] == [
        ("alice", "pass", ""),
        ("carol", "fail", "swapped_order"),
    ]


def test_table_names_the_misconceptions(tmp_path):
    shutil.copy(SUBMISSIONS / "dave.py", tmp_path / "dave.py")
    done = jaxtutor("grade", "argnums", tmp_path, "--jobs", "1", "--out", tmp_path / "r.txt")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "r.txt").read_text()
    assert "dave" in text and "single_gradient" in text
    assert "0 of 1 passed." in text and "Most common misconceptions" in text


def test_usage_errors():
    assert jaxtutor("grade", "no_such_exercise", SUBMISSIONS).returncode == 2
    assert jaxtutor("grade", "argnums", SUBMISSIONS, "--jobs", "0").returncode == 2


# -- finding submissions, and the CSV, without running anything ----------------------------


def _exercise():
    return find_exercise("argnums", builtin_lessons()).exercise


def test_folder_rules(tmp_path):
    (tmp_path / "amy").mkdir()
    (tmp_path / "amy" / "a.py").write_text("def grad_w_and_x(*a): pass\n")
    (tmp_path / "amy" / "b.py").write_text("def grad_w_and_x(*a): pass\n")
    (tmp_path / "ben").mkdir()
    (tmp_path / "ben" / "solution.py").write_text("x = 1\n")
    (tmp_path / "ben" / "util.py").write_text("y = 1\n")
    (tmp_path / "cy.py").write_bytes(b"#" * (2 * 1024 * 1024))
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / ".hidden.py").write_text("")
    subs = {s.student: s for s in find_submissions([tmp_path], _exercise())}
    assert sorted(subs) == ["amy", "ben", "cy"]
    assert "cannot tell which file" in subs["amy"].problem
    assert subs["ben"].path.name == "solution.py" and subs["ben"].source == "x = 1\n"
    assert "larger than" in subs["cy"].problem


def test_csv_cells_never_become_formulas():
    rows = [Row('=HYPERLINK("x")', "a.py", "fail", "wrong_answer", 0, 7, "", 1.0, "-1 of 7")]
    text = to_csv(rows)
    parsed = list(csv.DictReader(io.StringIO(text)))[0]
    assert parsed["student"].startswith("'=") and parsed["message"].startswith("'-")
    assert summarize(rows).passed == 0


def test_rows_do_not_depend_on_jobs(tmp_path):
    """One job or two: the same rows in the same order."""
    for name in ("bob.py", "dave.py", "alice.py"):
        shutil.copy(SUBMISSIONS / name, tmp_path / name)
    results = []
    for jobs in ("1", "2"):
        done = jaxtutor("grade", "argnums", tmp_path, "--jobs", jobs, "--format", "json")
        assert done.returncode == 0, done.stderr
        results.append(
            [
                (r["student"], r["status"], r["misconception"])
                for r in json.loads(done.stdout)["rows"]
            ]
        )
    assert (
        results[0]
        == results[1]
        == [
            ("alice", "pass", None),
            ("bob", "fail", "wrong_argnums"),
            ("dave", "fail", "single_gradient"),
        ]
    )


@pytest.mark.skipif(
    not isolated(),
    reason="this machine forbids user namespaces, so a child could signal the grader",
)
def test_a_submission_cannot_kill_the_grader(tmp_path):
    shutil.copy(SUBMISSIONS / "alice.py", tmp_path / "alice.py")
    (tmp_path / "zed.py").write_text("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n")
    done = jaxtutor("grade", "argnums", tmp_path, "--jobs", "1", "--format", "csv")
    assert done.returncode == 0
    assert "alice,alice.py,pass" in done.stdout and "zed,zed.py,error" in done.stdout


def test_a_students_own_helper_module_imports_and_nobody_elses(tmp_path):
    wendy = tmp_path / "wendy"
    wendy.mkdir()
    (wendy / "gradients.py").write_text(
        "import jax\nimport jax.numpy as jnp\n\n\n"
        "def loss(scale, w, x, y):\n    return scale * jnp.sum((x @ w - y) ** 2)\n\n\n"
        "both = jax.grad(loss, argnums=(1, 2))\n"
    )
    (wendy / "solution.py").write_text(
        "from gradients import both\n\n\n"
        "def grad_w_and_x(scale, w, x, y):\n    return both(scale, w, x, y)\n"
    )
    (tmp_path / "victor.py").write_text(  # borrows wendy's module: it is not his to see
        f"import sys\nsys.path.append({str(wendy)!r})\nfrom gradients import both\n\n\n"
        "def grad_w_and_x(scale, w, x, y):\n    return both(scale, w, x, y)\n"
    )
    done = jaxtutor("grade", "argnums", tmp_path, "--format", "csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "wendy,solution.py,pass" in done.stdout
    assert "victor,victor.py,error,exception" in done.stdout


# -- a submission is read as handed in: links are refused, never followed ------------------


def test_a_link_to_a_classmates_file_is_refused_not_graded(tmp_path):
    """What unzip, tar and git keep: a student's file, or whole folder, that links to a
    classmate's passing work. Graded by following the link, it passed; now the student's
    row says why it was not graded, in per-student and in flat folders."""
    shutil.copy(SUBMISSIONS / "alice.py", tmp_path / "alice.py")
    (tmp_path / "mallory.py").symlink_to(tmp_path / "alice.py")
    (tmp_path / "ned").mkdir()
    (tmp_path / "ned" / "solution.py").symlink_to(tmp_path / "alice.py")
    (tmp_path / "oscar").symlink_to(tmp_path / "ned", target_is_directory=True)
    (tmp_path / "pat").mkdir()
    (tmp_path / "pat" / "work").symlink_to(tmp_path / "ned", target_is_directory=True)
    (tmp_path / "pat" / "solution.py").symlink_to("work/solution.py")
    done = jaxtutor("grade", "argnums", tmp_path, "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = {r["student"]: r for r in json.loads(done.stdout)["rows"]}
    assert rows["alice"]["status"] == "pass"
    for student in ("mallory", "ned", "oscar", "pat"):
        assert rows[student]["status"] == "error", rows[student]
        assert "symbolic link" in rows[student]["message"], rows[student]


def test_a_link_named_on_the_command_line_is_refused_too(tmp_path):
    shutil.copy(SUBMISSIONS / "alice.py", tmp_path / "alice.py")
    (tmp_path / "copy.py").symlink_to(tmp_path / "alice.py")
    subs = find_submissions([tmp_path / "copy.py"], _exercise())
    assert subs[0].source is None and "symbolic link" in subs[0].problem


def test_a_fifo_or_a_folder_named_py_is_not_read(tmp_path):
    os.mkfifo(tmp_path / "fifo.py")
    (tmp_path / "folder.py").mkdir()
    (tmp_path / "folder.py" / "solution.py").write_text("x = 1\n")
    subs = {s.student: s for s in find_submissions([tmp_path], _exercise())}
    assert "fifo" not in subs or subs["fifo"].source is None
    assert subs["folder.py"].source == "x = 1\n"


def test_a_file_name_that_is_not_utf8_never_costs_the_class_its_table(tmp_path):
    """A submission named with bytes that are not UTF-8 crashed the writing of every
    format but JSON and JUnit, after the whole class was graded."""
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "alice.py", folder / "alice.py")
    shutil.copy(SUBMISSIONS / "alice.py", os.fsencode(folder) + b"/caf\xe9.py")
    for fmt in ("csv", "table", "json", "junit"):
        out = tmp_path / f"results.{fmt}"
        done = jaxtutor("grade", "argnums", folder, "--format", fmt, "--out", out, "--seed", "1")
        assert done.returncode == 0, done.stderr
        written = out.read_text(encoding="utf-8")
        assert "alice" in written and "caf" in written, written


def test_a_mistyped_folder_is_a_usage_error(tmp_path):
    done = jaxtutor("grade", "argnums", tmp_path / "nodir")
    assert done.returncode == 2 and "no such folder" in done.stderr and not done.stdout
    # a student's missing file is that student's error row, as a CI workflow needs it
    done = jaxtutor("grade", "argnums", tmp_path / "argnums.py", "--format", "csv")
    assert done.returncode == 0 and "argnums,,error,not_checked" in done.stdout, done.stdout
