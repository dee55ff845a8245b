"""A verdict's parts as plain text, for files other programs show (JUnit XML, Gradescope).

Learner text is made inert here; a format with its own escaping (XML, HTML) escapes on top.
"""

from __future__ import annotations

from jaxtutor.render.safe_text import inert
from jaxtutor.verdict import Table, TestResult, Verdict


def table_text(table: Table) -> str:
    """The step table as aligned columns; the row where the numbers left the reference
    is marked with `>`."""
    rows = [[inert(str(c), multiline=False) for c in table.columns]]
    rows += [[inert(str(cell), multiline=False) for cell in row] for row in table.rows]
    widths = [max(len(r[i]) if i < len(r) else 0 for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        mark = ">" if table.highlight is not None and n - 1 == table.highlight else " "
        lines.append(mark + " " + "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    return "\n".join(lines)


def explanation(verdict: Verdict, test: TestResult | None = None) -> str:
    """What a learner reads about a case that did not pass (or a run that ended early):
    the case's own message, the verdict's message, the misconception and its step table,
    and the hint."""
    parts = []
    if test is not None and test.message:
        parts.append(inert(test.message))
    if test is None or test.status != "pass":
        parts.append(inert(verdict.message))
    if verdict.diagnosis is not None:
        parts.append(f"Misconception: {inert(verdict.diagnosis.id, multiline=False)}")
        if verdict.diagnosis.table is not None:
            parts.append("Step by step:\n" + table_text(verdict.diagnosis.table))
    if verdict.hint:
        parts.append(f"Hint: {inert(verdict.hint)}")
    return "\n\n".join(p for p in parts if p)
