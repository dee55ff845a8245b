"""A graded class's results: one row per student, the summary, and the formats they
are written in (table, CSV, JSON, JUnit)."""

from __future__ import annotations

import csv
import io
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jaxtutor.course.lessons import Exercise
from jaxtutor.render import outfile
from jaxtutor.render.outfile import safe_cell
from jaxtutor.render.safe_text import inert_text
from jaxtutor.verdict import Verdict

if TYPE_CHECKING:
    from rich.console import JustifyMethod

GRADE_KIND = "jaxtutor-grade"  # what `jaxtutor grade --format json` writes
NOT_CHECKED = "not_checked"  # a row's outcome when there was nothing to run


@dataclass
class Row:
    student: str
    file: str
    status: str  # pass | fail | error
    outcome: str  # Outcome name in lower case, or not_checked
    passed: int
    total: int
    misconception: str
    duration_s: float
    message: str
    retried: bool = False
    # the whole verdict, for formats that show every case (JUnit); not in the JSON rows
    verdict: Verdict | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        return {
            "student": self.student,
            "file": self.file,
            "status": self.status,
            "outcome": self.outcome,
            "tests_passed": self.passed,
            "tests_total": self.total,
            "misconception": self.misconception or None,
            "duration_s": round(self.duration_s, 3),
            "message": self.message,
            "retried": self.retried,
        }


@dataclass
class Summary:
    submissions: int
    passed: int
    statuses: dict[str, int]
    outcomes: dict[str, int]
    misconceptions: list[tuple[str, int]] = field(default_factory=list)  # most common first

    def to_json(self) -> dict:
        return {
            "submissions": self.submissions,
            "passed": self.passed,
            "statuses": self.statuses,
            "outcomes": self.outcomes,
            "misconceptions": [{"id": i, "count": n} for i, n in self.misconceptions],
        }


def summarize(rows: list[Row]) -> Summary:
    statuses = Counter(r.status for r in rows)
    outcomes = Counter(r.outcome for r in rows)
    misconceptions = Counter(r.misconception for r in rows if r.misconception)
    ranked = sorted(misconceptions.items(), key=lambda kv: (-kv[1], kv[0]))
    return Summary(
        len(rows),
        statuses.get("pass", 0),
        dict(sorted(statuses.items())),
        dict(sorted(outcomes.items())),
        ranked,
    )


CSV_COLUMNS = [
    "student",
    "file",
    "status",
    "outcome",
    "tests_passed",
    "tests_total",
    "misconception",
    "duration_s",
    "message",
    "retried",
]


def to_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        data = row.to_json()
        data["misconception"] = data["misconception"] or ""
        writer.writerow({k: safe_cell(data[k]) for k in CSV_COLUMNS})
    return out.getvalue()


def to_json(
    exercise: Exercise, seed: int, rows: list[Row], pack: dict, shard: tuple[int, int] | None = None
) -> dict:
    data = {
        "version": 1,
        "kind": GRADE_KIND,
        "pack": pack,
        "exercise": exercise.id,
        "seed": seed,
        "graded_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "rows": [r.to_json() for r in rows],
        "summary": summarize(rows).to_json(),
    }
    if shard is not None:  # `jaxtutor report` merges the shards into one
        data["shard"] = f"{shard[0]}/{shard[1]}"
    return data


def to_junit(exercise_id: str, seed: int, rows: list[Row]) -> str:
    """A <testsuite> per student, a <testcase> per case (see junit.py)."""
    from jaxtutor.render import junit

    suites = [
        junit.verdict_suite(r.verdict, r.student, r.file)
        if r.verdict is not None
        else junit.unchecked_suite(exercise_id, r.student, r.message)
        for r in rows
    ]
    return junit.document(suites, f"jaxtutor grade {exercise_id} --seed {seed}")


_STYLE = {"pass": "green", "fail": "red", "error": "yellow"}


def render_table(exercise_id: str, seed: int, rows: list[Row]):
    """A Rich renderable: the rows, then the summary a teacher reads first."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def cell(text: str, style: str = "") -> Text:  # names, files and messages are the learners'
        return inert_text(text, style, multiline=False)

    # a Text, not a markup string: a shard handed to `report` names its exercise and seed
    table = Table(title=cell(f"{exercise_id} (seed {seed})"), title_justify="left")
    columns: list[tuple[str, JustifyMethod]] = [
        ("student", "left"),
        ("status", "left"),
        ("outcome", "left"),
        ("tests", "right"),
        ("misconception", "left"),
        ("time", "right"),
        ("note", "left"),
    ]
    for column, justify in columns:
        table.add_column(column, justify=justify)
    for r in rows:
        # errors without a misconception say why in a few words; csv/json carry it all
        note = r.message[:60] if r.status == "error" and not r.misconception else ""
        if r.retried:  # its first run ended abnormally, so it was checked again alone
            note = f"checked again alone. {note}".strip()
        table.add_row(
            cell(r.student),
            Text(r.status, style=_STYLE[r.status]),
            cell(r.outcome),
            f"{r.passed}/{r.total}",
            cell(r.misconception or "-"),
            f"{r.duration_s:.1f} s",
            cell(note, "dim"),
        )
    return Group(table, inert_text(summary_text(summarize(rows))))


def summary_text(summary: Summary) -> str:
    lines = [f"{summary.passed} of {summary.submissions} passed."]
    others = {k: v for k, v in summary.outcomes.items() if k != "passed"}
    if others:
        lines.append("Outcomes: " + ", ".join(f"{k} {v}" for k, v in others.items()) + ".")
    if summary.misconceptions:
        lines.append("Most common misconceptions:")
        lines += [f"  {n:3d}  {mid}" for mid, n in summary.misconceptions]
    return "\n".join(lines)


def write_results(
    fmt: str,
    out: str | None,
    exercise_id: str,
    seed: int,
    rows: list[Row],
    data: Callable[[], dict],
) -> None:
    """Rows in `fmt` (table, csv, json, junit) to stdout or `out`; `data()` is the JSON."""
    from rich.console import Console

    if fmt == "json":
        import json

        text = json.dumps(data(), indent=2) + "\n"
    elif fmt == "junit":
        text = to_junit(exercise_id, seed, rows)
    elif fmt == "csv":
        text = to_csv(rows)
    elif out:
        buffer = io.StringIO()
        Console(file=buffer, width=120, no_color=True).print(render_table(exercise_id, seed, rows))
        text = buffer.getvalue()
    else:
        Console().print(render_table(exercise_id, seed, rows))
        return
    outfile.emit(text, out)
