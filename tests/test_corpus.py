"""Wrong answers as learners from NumPy and PyTorch write them, one file per mistake in
tests/corpus/EXERCISE/. Each file's first lines say what the feedback must name:
`# cause: ID` (a named mistake, a catalogued JAX error or a probe's finding),
`# cause: none` (no cause fits: the feedback must name none), or `# true: ID` (a
probe's statement, true of that file though not its cause); optionally `# says: WORDS`
that the diagnosis' message must contain, and `# never: WORDS` (as many as needed) that
nothing the learner is shown may contain: a sentence once found false of that file. A
diagnosis naming anything else is a false cause."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_check

CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(CORPUS.glob("*/wrong_*.py"))


def expectation(path: Path) -> tuple[str, str]:
    text = path.read_text()
    cause = re.search(r"^# (?:cause|true): (\S+)", text, re.M)
    says = re.search(r"^# says: (.+)$", text, re.M)
    return cause.group(1), says.group(1).strip() if says else ""


def never(path: Path) -> list[str]:
    """The file's `# never: WORDS` lines: words no text of its verdict may contain."""
    return [m.strip() for m in re.findall(r"^# never: (.+)$", path.read_text(), re.M)]


def shown(verdict) -> str:
    """Every text the learner is shown for a verdict: its message, each test's line, the
    diagnosis and its step table, the hint (the learner's own prints left out)."""
    parts = [verdict.message, verdict.hint]
    parts += [f"{t.name} {t.message}" for t in verdict.tests]
    if verdict.diagnosis is not None:
        parts += [verdict.diagnosis.message, verdict.diagnosis.hint]
        if verdict.diagnosis.table is not None:
            table = verdict.diagnosis.table
            parts += [" ".join(map(str, row)) for row in [table.columns, *table.rows]]
    return "\n".join(parts)


def test_every_lesson_has_at_least_five_wrong_answers():
    per = {}
    for path in FILES:
        per[path.parent.name] = per.get(path.parent.name, 0) + 1
    assert len(per) >= 10 and min(per.values()) >= 5, per


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_feedback_names_the_real_cause(path):
    cause, says = expectation(path)
    verdict = run_check(path.parent.name, path)
    assert verdict.status != "pass", verdict.message
    text = shown(verdict)
    for words in never(path):
        assert words not in text, (words, text)
    named = verdict.diagnosis.id if verdict.diagnosis else None
    assert named == (None if cause == "none" else cause), verdict.message
    if verdict.diagnosis is None:
        return
    assert says in verdict.diagnosis.message, verdict.diagnosis.message
    # the hint aims at what was found, not at the lesson's first rung
    assert verdict.hint and verdict.hint == verdict.diagnosis.hint or not verdict.diagnosis.hint
