"""Wrong answers kept for a lesson, each saying in its first lines what the feedback
must name: a lesson's corpus. `lint` checks every file of it (`corpus/LESSON_ID/*.py`
beside the lesson files, or under `lint --corpus DIR`), so a named mistake is proved to
fire on the answers it is for and on no other; the course's own corpus is tests/corpus.

The header lines:

    # cause: ID      the diagnosis names ID (a mistake, a catalogued error, a probe)
    # true: ID       the same, for a probe whose statement is true but not the cause
    # cause: none    nothing fits: no diagnosis is named
    # says: WORDS    the diagnosis' message contains WORDS (the verdict's, when none is named)
    # never: WORDS   WORDS appear nowhere the learner reads (repeatable)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_CAUSE = re.compile(r"^# (?:cause|true): (\S+)[ \t]*$", re.M)
_SAYS = re.compile(r"^# says: (.+)$", re.M)
_NEVER = re.compile(r"^# never: (.+)$", re.M)


@dataclass
class Expected:
    path: Path
    line: int  # of the `# cause:` line, where lint reports the file
    cause: str | None  # None: nothing may be named
    says: str = ""
    never: list[str] = field(default_factory=list)


def files(folder: Path) -> list[Path]:
    """A lesson's corpus files, in a stable order."""
    return sorted(folder.glob("*.py")) if folder.is_dir() else []


def expected(path: Path) -> Expected | None:
    """What `path`'s header asks of the feedback; None when it has no `# cause:` line."""
    text = path.read_text(encoding="utf-8", errors="replace")
    cause = _CAUSE.search(text)
    if cause is None:
        return None
    says = _SAYS.search(text)
    return Expected(
        path,
        text.count("\n", 0, cause.start()) + 1,
        None if cause.group(1) == "none" else cause.group(1),
        says.group(1).strip() if says else "",
        [m.group(1).strip() for m in _NEVER.finditer(text)],
    )


def shown(verdict) -> str:
    """Everything the tutor says of a verdict (the learner's own prints left out): its
    message, each test's line, the diagnosis, its step table and the hints."""
    parts = [verdict.message, verdict.hint]
    parts += [f"{t.name} {t.message}" for t in verdict.tests]
    if verdict.diagnosis is not None:
        parts += [verdict.diagnosis.message, verdict.diagnosis.hint]
        if (table := verdict.diagnosis.table) is not None:
            parts += [" ".join(map(str, row)) for row in [table.columns, *table.rows]]
    return "\n".join(p for p in parts if p)


def mismatches(want: Expected, verdict) -> list[str]:
    """How the feedback for want.path differs from what its header asks: [] when it
    agrees."""
    if verdict.passed:
        return ["it passes every test"]
    named = verdict.diagnosis.id if verdict.diagnosis else None
    found = []
    if named != want.cause:
        found.append(
            f"it is named {named!r} where its header says {want.cause or 'none'!r}"
            if named
            else f"nothing is named where its header says {want.cause!r}"
        )
    elif want.says not in (verdict.diagnosis.message if named else verdict.message):
        found.append(f"the {'diagnosis' if named else 'verdict'} does not say {want.says!r}")
    text = shown(verdict)
    found += [f"the feedback says {words!r}" for words in want.never if words in text]
    return found
