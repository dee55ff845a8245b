"""JUnit XML from real checks (`check --format junit`, `grade --format junit`), read back
with ElementTree: the structure CI services expect, and valid XML whatever the learner's
code says."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from jaxtutor.render.junit import check_xml
from jaxtutor.verdict import Diagnosis, Outcome, Table, TestResult, Verdict

SUBMISSIONS = Path(__file__).parent / "submissions" / "argnums"
HOSTILE = "<b>&amp; ]]> \x1b[2J\x1b]52;c;aGk=\x07 \x00 \u202e"
# a learner whose exception message and prints try to break out of the XML
HOSTILE_SOURCE = f"""
def grad_w_and_x(scale, w, x, y):
    print({HOSTILE!r})
    raise ValueError({HOSTILE!r})
"""


def jaxtutor(*args):
    return subprocess.run(
        [sys.executable, "-m", "jaxtutor", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_check_junit_has_one_case_per_case_with_the_diagnosis_and_hint():
    done = jaxtutor("check", "argnums", SUBMISSIONS / "carol.py", "--format", "junit")
    assert done.returncode == 1, done.stderr
    root = ET.fromstring(done.stdout)
    assert root.tag == "testsuites"
    [suite] = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == int(suite.get("tests")) == int(suite.get("failures")) >= 2
    assert cases[0].get("name").startswith("small example")
    assert any(c.get("name").startswith("hidden case") for c in cases)
    failure = cases[0].find("failure")
    assert failure.get("type") == "swapped_order"
    assert "Misconception: swapped_order" in failure.text and "Hint: " in failure.text


def test_check_junit_of_a_passing_file_has_no_failures_and_json_still_works():
    done = jaxtutor("check", "argnums", SUBMISSIONS / "alice.py", "--format", "junit")
    assert done.returncode == 0, done.stderr
    suite = ET.fromstring(done.stdout).find("testsuite")
    assert suite.get("failures") == suite.get("errors") == "0"
    assert suite.findall("testcase/failure") == [] and len(suite.findall("testcase")) >= 2
    assert (
        '"status": "pass"'
        in jaxtutor("check", "argnums", SUBMISSIONS / "alice.py", "--json").stdout
    )


def test_hostile_learner_text_stays_valid_xml_and_reads_as_written(tmp_path):
    path = tmp_path / "hostile.py"
    path.write_text(HOSTILE_SOURCE)
    done = jaxtutor("check", "argnums", path, "--format", "junit")
    assert done.returncode == 1
    assert "\x1b" not in done.stdout and "\x00" not in done.stdout and "\x07" not in done.stdout
    root = ET.fromstring(done.stdout)  # raises on invalid XML
    error = root.find("testsuite/testcase/error")
    assert error.get("type") == "exception"
    # the text comes back as the learner wrote it, with the controls shown as escapes
    assert "<b>&amp; ]]> \\x1b[2J\\x1b]52;c;aGk=\\x07 \\x00 \\u202e" in error.text
    assert "<b>&amp; ]]>" in error.get("message")
    assert "<b>&amp; ]]>" in root.find("testsuite/system-out").text


def test_characters_xml_cannot_hold_at_all_are_replaced():
    bad = "a\ud800b\uffffc\x0bd" + HOSTILE
    verdict = Verdict(
        "ex",
        Outcome.WRONG_ANSWER,
        bad,
        tests=[TestResult(bad, "fail", bad)],
        diagnosis=Diagnosis(bad, bad, table=Table([bad, "w"], [[bad, "1"]], 0)),
        hint=bad,
        output=bad,
    )
    root = ET.fromstring(check_xml(verdict, bad))
    failure = root.find("testsuite/testcase/failure")
    # a lone surrogate is shown as its escape, as everywhere learner text is shown; a
    # character XML cannot hold at all is replaced
    assert "a\\ud800b\ufffdc\\x0bd" in failure.text
    assert "Step by step:" in failure.text and "> " in failure.text  # the highlighted row


def test_grade_junit_has_a_suite_per_student(tmp_path):
    for name in ("alice.py", "carol.py"):
        shutil.copy(SUBMISSIONS / name, tmp_path / name)
    (tmp_path / "zoe").mkdir()  # nothing to run
    (tmp_path / "mel.py").write_text(HOSTILE_SOURCE)
    out = tmp_path / "results.xml"
    done = jaxtutor(
        "grade",
        "argnums",
        tmp_path,
        "--format",
        "junit",
        "--jobs",
        "1",
        "--seed",
        "7",
        "--out",
        out,
    )
    assert done.returncode == 0, done.stderr
    root = ET.parse(out).getroot()
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert list(suites) == ["alice", "carol", "mel", "zoe"]
    assert "--seed 7" in root.get("name")
    assert suites["alice"].get("failures") == "0" and len(suites["alice"]) >= 2
    assert suites["carol"].get("failures") == suites["carol"].get("tests")
    assert suites["zoe"].find("testcase/error").get("type") == "not_checked"
    assert "<b>&amp; ]]>" in suites["mel"].find("testcase/error").text
    assert int(root.get("tests")) == sum(int(s.get("tests")) for s in suites.values())
