"""Learner text is inert: what a learner's code prints, raises or returns, and what a
learner's export or file name says, reaches the teacher's terminal as visible text that
does nothing (no escape sequence acts, no Rich markup is read); a verdict stays small
however much the code says; --out never writes through a planted symlink.

Everything runs as a user runs it: the real CLI in a subprocess, the real sandbox.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jaxtutor.render import outfile
from jaxtutor.render.safe_text import inert

HOSTILE = Path(__file__).parent / "hostile"
ATTACK = (
    "\x1b[2J\x1b[1A\x1b[2K\x1b]52;c;Y2F0IH4vLnNzaC9pZF9yc2E=\x07\x9b31m"
    "[red]red[/red] [link=https://example.invalid]link[/link] [@click=app.quit]q[/]"
)
# what the attack looks like on the screen once it is inert, piece by piece
SHOWN = [
    "\\x1b[2J\\x1b[1A\\x1b[2K\\x1b]52;c;Y2F0IH4vLnNzaC9pZF9yc2E=\\x07\\x9b31m[red]red[/red]",
    "[link=https://example.invalid]link[/link]",
    "[@click=app.quit]q[/]",
]


def jaxtutor(*args, home=None, timeout=300):
    env = dict(os.environ, COLUMNS="1000")  # wide enough that no table wraps the text
    if home is not None:
        env["JAXTUTOR_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *map(str, args)],
        env=env,
        capture_output=True,
        timeout=timeout,
    )


def acting(out: str) -> list[str]:
    """The characters in `out` a terminal would act on: ESC, BEL, any C0 but newline and
    tab, DEL, the C1 controls (U+0080-U+009F; U+009B is a CSI of its own)."""
    return [c for c in out if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F]


def assert_inert(out: str, *shown: str) -> None:
    assert acting(out) == [], out
    for piece in shown or SHOWN:
        assert piece in out, (piece, out)


def test_inert_shows_every_control_character_and_keeps_lines():
    assert inert("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert inert("\x07\x7f\x9b\u202e") == "\\x07\\x7f\\x9b\\u202e"
    assert inert("one\r\ntwo\tthree\rfour") == "one\ntwo\tthree\\rfour"
    assert inert("one\ntwo\t", multiline=False) == "one\\ntwo\\t"
    assert inert("[red]x[/red] é ✓") == "[red]x[/red] é ✓"  # markup is Rich's affair


# -- jaxtutor check ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, words",
    [
        ("escapes_raised", ["Boom\\x1b[2J: raised ", "helper\\x1b[1A\\x1b[2K", "printed "]),
        ("escapes_returned", ["got a Hostile\\x1b[2J", "printed "]),
    ],
)
def test_check_shows_the_learners_text_inert(name, words):
    done = jaxtutor("check", "argnums", HOSTILE / f"{name}.py")
    assert done.returncode == 1, done.stderr
    assert_inert(done.stdout.decode(), *SHOWN, *words)

    done = jaxtutor("check", "argnums", HOSTILE / f"{name}.py", "--json")
    assert acting(done.stdout.decode()) == []  # json escapes them: \u001b, never raw
    verdict = json.loads(done.stdout)
    texts = [verdict["message"], verdict["output"]] + [t["message"] for t in verdict["tests"]]
    assert any(ATTACK in text for text in texts)  # the data itself stays as it was


def test_a_huge_returned_tuple_gives_a_small_verdict():
    done = jaxtutor("check", "argnums", HOSTILE / "huge_tuple.py", "--json")
    assert done.returncode == 1, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["outcome"] == "wrong_answer"
    # each test says the tuple (40,000 entries) in under 2 KB; a failed hidden case's
    # name holds its drawn inputs, as large as the seed draws them for any answer
    assert all(len(t["message"]) < 2_000 for t in verdict["tests"])
    names = sum(len(json.dumps(t["name"])) for t in verdict["tests"])
    assert len(done.stdout) - names < 10_000
    cases = [t for t in verdict["tests"] if not t["name"].startswith("property")]
    assert cases and all(
        "a tuple of 40000 (" in t["message"] and "and 39997 more" in t["message"] for t in cases
    )


def test_watch_shows_the_learners_text_and_file_name_inert(tmp_path):
    solution = tmp_path / "mine\x1b[2J[bold]x.py"
    shutil.copy(HOSTILE / "escapes_raised.py", solution)
    log = tmp_path / "watch.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jaxtutor", "watch", "argnums", str(solution), "--poll"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=dict(os.environ, COLUMNS="1000"),
        )
    try:
        deadline = time.monotonic() + 90
        while "Waiting for you to save" not in log.read_text(errors="replace"):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert_inert(log.read_text(), *SHOWN, "mine\\x1b[2J[bold]x.py", "Boom\\x1b[2J: raised ")


# -- jaxtutor grade ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def hostile_class(tmp_path_factory):
    """A class whose student names (a folder, a file) and code carry the attack."""
    folder = tmp_path_factory.mktemp("hostile_class")
    (folder / "eve\x1b[2J[red]x").mkdir()
    shutil.copy(HOSTILE / "escapes_raised.py", folder / "eve\x1b[2J[red]x" / "solution.py")
    shutil.copy(HOSTILE / "escapes_returned.py", folder / "mal\x1b]52;c;eA==\x07lory.py")
    return folder


def test_grade_table_csv_and_json_show_names_and_messages_inert(hostile_class, tmp_path):
    names = ["eve\\x1b[2J[red]x", "mal\\x1b]52;c;eA==\\x07lory"]
    results = tmp_path / "class.json"
    done = jaxtutor(
        "grade", "argnums", hostile_class, "--jobs", "2", "--format", "json", "--out", results
    )
    assert done.returncode == 0, done.stderr
    assert acting(done.stderr.decode()) == []
    assert acting(results.read_text()) == []
    rows = json.loads(results.read_text())["rows"]
    assert sorted(r["student"] for r in rows) == ["eve\x1b[2J[red]x", "mal\x1b]52;c;eA==\x07lory"]

    # the class graded once: grade and report write a table and CSV the same way
    # (grade.write_results), and report reads the names back from the JSON
    done = jaxtutor("report", results)
    assert done.returncode == 0, done.stderr
    assert_inert(done.stdout.decode(), *names, "Boom\\x1b[2J: raised \\x1b[2J")

    done = jaxtutor("report", results, "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert_inert(done.stdout.decode(), *names, "Boom\\x1b[2J: raised \\x1b[2J")
    rows = list(csv.DictReader(io.StringIO(done.stdout.decode())))
    assert sorted(r["student"] for r in rows) == names


# -- jaxtutor report ---------------------------------------------------------------------


def test_report_shows_a_hostile_export_inert(tmp_path):
    done = jaxtutor(
        "export", "--name", "Ada", "--out", tmp_path / "ada.json", home=tmp_path / "ada"
    )
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "ada.json").read_text())
    data["name"] = "Eve" + ATTACK
    # a lesson the course does not have is listed apart, on stderr; a known one's
    # misconception is a row of the table
    data["exercises"].append(dict(data["exercises"][0], id="ex\x1b[1A[bold]"))
    data["exercises"][0]["misconceptions"] = {"mc\x1b]52;c;eA==\x07[red]": 1}
    (tmp_path / "eve.json").write_text(json.dumps(data))

    done = jaxtutor("report", tmp_path / "ada.json", tmp_path / "eve.json")
    assert done.returncode == 0, done.stderr
    assert_inert(done.stdout.decode(), "Eve" + SHOWN[0], "mc\\x1b]52;c;eA==\\x07[red]")
    assert_inert(done.stderr.decode(), "ex\\x1b[1A[bold]")

    done = jaxtutor("report", tmp_path / "ada.json", tmp_path / "eve.json", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert_inert(done.stdout.decode(), "Eve" + SHOWN[0], "mc\\x1b]52;c;eA==\\x07[red]")


# -- --out never writes through a symlink ---------------------------------------------------


def plant(link: Path, destination: Path) -> bytes:
    destination.write_bytes(b"the teacher's precious file\n")
    link.symlink_to(destination)
    return destination.read_bytes()


def test_grade_refuses_an_out_that_is_a_symlink(tmp_path):
    before = plant(tmp_path / "results.csv", tmp_path / "precious")
    shutil.copy(HOSTILE.parent / "submissions" / "argnums" / "alice.py", tmp_path / "alice.py")
    done = jaxtutor(
        "grade",
        "argnums",
        tmp_path / "alice.py",
        "--format",
        "csv",
        "--out",
        tmp_path / "results.csv",
    )
    assert done.returncode == 2
    assert b"symbolic link" in done.stderr
    assert (tmp_path / "precious").read_bytes() == before


def test_grade_output_ignores_a_symlink_at_a_guessable_temporary_name(tmp_path):
    target = tmp_path / "results.csv"
    before = plant(tmp_path / f".{target.name}.{os.getpid()}.tmp", tmp_path / "precious")
    outfile.emit("student,status\n", str(target))
    assert (tmp_path / "precious").read_bytes() == before
    assert target.read_text() == "student,status\n" and not target.is_symlink()
    assert {p.name for p in tmp_path.iterdir()} == {
        "results.csv",
        "precious",
        f".{target.name}.{os.getpid()}.tmp",
    }


def test_export_and_report_never_write_through_a_symlink(tmp_path):
    before = plant(tmp_path / ".mine.json.tmp", tmp_path / "precious")
    done = jaxtutor("export", "--name", "Ada", "--out", tmp_path / "mine.json", home=tmp_path / "h")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "precious").read_bytes() == before
    assert json.loads((tmp_path / "mine.json").read_text())["name"] == "Ada"

    plant(tmp_path / "class.txt", tmp_path / "precious2")
    done = jaxtutor("report", tmp_path / "mine.json", "--out", tmp_path / "class.txt")
    assert done.returncode == 2 and b"symbolic link" in done.stderr
    assert (tmp_path / "precious2").read_bytes() == before
    done = jaxtutor("export", "--out", tmp_path / "class.txt", home=tmp_path / "h")
    assert done.returncode == 2 and (tmp_path / "precious2").read_bytes() == before
