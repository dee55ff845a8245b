"""Verdicts as JUnit XML, the report format CI services (GitHub Actions, GitLab) show natively.

One <testcase> per case; a run that ended before its cases (a syntax error, a crash, a
timeout) is one <testcase> named after the exercise, with an <error>. The failure text
holds the diagnosis, the step table and the hint. Learner text may hold characters XML
1.0 cannot carry at all (ESC, NUL): they are shown as visible escapes, then ElementTree
escapes `<`, `&` and `>` so `]]>` and markup stay text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from jaxtutor.render.plain import explanation
from jaxtutor.render.safe_text import inert
from jaxtutor.verdict import Verdict

# what XML 1.0 forbids even escaped, beyond the controls `inert` already shows as escapes
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str, multiline: bool = True) -> str:
    """Learner text that XML 1.0 can hold: controls as visible escapes, the rest removed."""
    return _NOT_XML.sub("\ufffd", inert(text, multiline))


def _first_line(text: str) -> str:
    return xml_text(text.strip().splitlines()[0] if text.strip() else "", multiline=False)[:200]


def verdict_suite(verdict: Verdict, name: str, file: str = "") -> ET.Element:
    """One <testsuite> for one verdict (one learner's file)."""
    suite = ET.Element("testsuite", name=xml_text(name, multiline=False))
    classname = xml_text(f"{verdict.exercise}.{name}", multiline=False)
    failures = errors = 0
    if verdict.tests:
        for test in verdict.tests:
            case = ET.SubElement(
                suite, "testcase", name=xml_text(test.name, multiline=False), classname=classname
            )
            if file:
                case.set("file", xml_text(file, multiline=False))
            if test.status != "pass":
                tag = "failure" if test.status == "fail" else "error"
                failures += tag == "failure"
                errors += tag == "error"
                kind = verdict.diagnosis.id if verdict.diagnosis else verdict.outcome.name.lower()
                detail = ET.SubElement(
                    case,
                    tag,
                    message=_first_line(test.message or verdict.message),
                    type=xml_text(kind, multiline=False),
                )
                detail.text = xml_text(explanation(verdict, test))
    else:  # the run ended before any case: one case says why
        case = ET.SubElement(
            suite, "testcase", name=xml_text(verdict.exercise, multiline=False), classname=classname
        )
        if not verdict.passed:
            errors += 1
            detail = ET.SubElement(
                case,
                "error",
                message=_first_line(verdict.message),
                type=verdict.outcome.name.lower(),
            )
            detail.text = xml_text(explanation(verdict))
    if verdict.output.strip():
        ET.SubElement(suite, "system-out").text = xml_text(verdict.output)
    suite.set("tests", str(max(len(verdict.tests), 1)))
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    suite.set("time", f"{verdict.duration_s:.3f}")
    return suite


def document(suites: list[ET.Element], name: str) -> str:
    """A <testsuites> document holding `suites`, as text with its XML declaration."""
    root = ET.Element("testsuites", name=xml_text(name, multiline=False))
    for key in ("tests", "failures", "errors"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    root.set("time", f"{sum(float(s.get('time', '0')) for s in suites):.3f}")
    root.extend(suites)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def check_xml(verdict: Verdict, file: str) -> str:
    """`jaxtutor check --format junit`: one suite, named after the file checked."""
    return document([verdict_suite(verdict, file, file)], f"jaxtutor check {verdict.exercise}")


def unchecked_suite(exercise: str, student: str, problem: str) -> ET.Element:
    """A student whose submission could not be run (no file, or several to choose from)."""
    suite = ET.Element(
        "testsuite",
        name=xml_text(student, multiline=False),
        tests="1",
        failures="0",
        errors="1",
        time="0.000",
    )
    case = ET.SubElement(
        suite,
        "testcase",
        name=exercise,
        classname=xml_text(f"{exercise}.{student}", multiline=False),
    )
    ET.SubElement(case, "error", message=_first_line(problem), type="not_checked").text = xml_text(
        problem
    )
    return suite
