"""`jaxtutor report`: a class's progress exports merged into one table, or the JSON
results of a class graded in shards (`grade --shard K/N`) merged into one."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from jaxtutor.classroom import shards
from jaxtutor.classroom.intake import ExportError, TooDeep, located, parse_json, read_export
from jaxtutor.classroom.results import GRADE_KIND
from jaxtutor.course.lessons import NO_PART
from jaxtutor.render import outfile
from jaxtutor.render.outfile import safe_cell
from jaxtutor.render.safe_text import inert, inert_text


def merge(exports: list[tuple[str, dict]]) -> dict:
    """One class table from (file, export) pairs: students by name, exercises in course
    order, per-exercise totals and the class's misconceptions. Two exports that claim
    one name are a conflict: both rows are kept, each labelled with its file (a date
    the student wrote decides nothing)."""
    claims = Counter(data["name"] for _, data in exports)
    by_name: dict[str, dict] = {}
    conflicts: dict[str, list[str]] = {}
    for source, data in exports:
        name = data["name"]
        if claims[name] > 1:
            conflicts.setdefault(name, []).append(source)
            name = f"{name} ({source})"
        by_name[name] = data
    order: list[str] = []
    for data in by_name.values():
        order += [ex["id"] for ex in data["exercises"] if ex["id"] not in order]
    students = []
    misconceptions: dict[tuple[str, str], dict] = {}
    totals: dict[str, dict[str, Any]] = {
        ex_id: {
            "exercise": ex_id,
            "passed": 0,
            "started": 0,
            "attempts": 0,
            "hints_used": 0,
            "solution_shown": 0,
        }
        for ex_id in order
    }
    for name in sorted(by_name, key=str.casefold):
        data = by_name[name]
        cells = {}
        for ex in data["exercises"]:
            cells[ex["id"]] = {
                k: ex[k]
                for k in (
                    "status",
                    "attempts",
                    "hints_used",
                    "first_passed_at",
                    "last_misconception",
                    "misconceptions",
                    "solution_shown",
                )
            }
            t = totals[ex["id"]]
            t["passed"] += ex["status"] == "passed"
            t["started"] += ex["status"] != "not_started"
            t["attempts"] += ex["attempts"]
            t["hints_used"] += ex["hints_used"]
            t["solution_shown"] += bool(ex["solution_shown"])
            for mid, n in ex["misconceptions"].items():
                m = misconceptions.setdefault(
                    (ex["id"], mid), {"exercise": ex["id"], "id": mid, "students": 0, "times": 0}
                )
                m["students"] += 1
                m["times"] += n
        students.append(
            {
                "name": name,
                "course": data["course"],
                "packs": data.get("packs", []),
                "exercises": cells,
                "skills": {entry["skill"]: entry for entry in data.get("skills", [])},
            }
        )
    ranked = sorted(misconceptions.values(), key=lambda m: (-m["students"], -m["times"], m["id"]))
    courses = sorted({(s["course"]["id"], s["course"]["version"]) for s in students})
    return {
        "kind": "jaxtutor-class-report",
        "version": 1,
        "courses": [{"id": i, "version": v} for i, v in courses],
        "exercises": order,
        "students": students,
        "totals": list(totals.values()),
        "misconceptions": ranked,
        "conflicts": [{"name": n, "files": files} for n, files in sorted(conflicts.items())],
    }


REPORT_CSV_COLUMNS = [
    "student",
    "course",
    "course_version",
    "exercise",
    "status",
    "attempts",
    "hints_used",
    "solution_shown",
    "first_passed_at",
    "last_misconception",
    "misconceptions",
]


def report_csv(report: dict) -> str:
    """One row per student and exercise: a spreadsheet pivots it as it likes."""
    out = io.StringIO()
    writer = csv.DictWriter(out, REPORT_CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for s in report["students"]:
        for ex_id in report["exercises"]:
            cell = s["exercises"].get(ex_id)
            if cell is None:
                continue
            writer.writerow(
                {
                    k: safe_cell(v)
                    for k, v in {
                        "student": s["name"],
                        "course": s["course"]["id"],
                        "course_version": s["course"]["version"],
                        "exercise": ex_id,
                        "status": cell["status"],
                        "attempts": cell["attempts"],
                        "hints_used": cell["hints_used"],
                        "solution_shown": "yes" if cell["solution_shown"] else "no",
                        "first_passed_at": cell["first_passed_at"] or "",
                        "last_misconception": cell["last_misconception"] or "",
                        "misconceptions": ";".join(
                            f"{k}:{v}" for k, v in cell["misconceptions"].items()
                        ),
                    }.items()
                }
            )
    return out.getvalue()


SKILLS_CSV_COLUMNS = ["student", "skill", "estimate", "checks", "named_mistakes", "hints"]


def skills_csv(report: dict) -> str:
    """One row per student and skill they were checked on."""
    out = io.StringIO()
    writer = csv.DictWriter(out, SKILLS_CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for s in report["students"]:
        for name, entry in s["skills"].items():
            row = {"student": s["name"], **{k: entry[k] for k in SKILLS_CSV_COLUMNS[2:]}}
            row["skill"] = name
            writer.writerow({k: safe_cell(v) for k, v in row.items()})
    return out.getvalue()


def skills_table(report: dict, below: float):
    """Per skill, weakest first: the class's mean estimate, how many students were
    checked on it, and who is below `below`, at 80 columns."""
    from rich import box
    from rich.table import Table

    names: dict[str, list[tuple[str, float]]] = {}
    for s in report["students"]:
        for skill, entry in s["skills"].items():
            names.setdefault(skill, []).append((s["name"], entry["estimate"]))
    table = Table(
        title=f"Class skills (estimates below {below:g} named)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("skill", no_wrap=True)
    table.add_column("mean", justify="right", no_wrap=True)
    table.add_column("below", justify="right", no_wrap=True)
    table.add_column("students below", overflow="fold")
    ranked = sorted(names.items(), key=lambda item: sum(e for _, e in item[1]) / len(item[1]))
    for skill, estimates in ranked:
        weak = sorted((n for n, e in estimates if e < below), key=str.casefold)
        mean = sum(e for _, e in estimates) / len(estimates)
        table.add_row(
            inert_text(skill, multiline=False),
            f"{mean:.2f}",
            f"{len(weak)}/{len(estimates)}",
            inert_text(", ".join(weak), multiline=False),
        )
    return table


_MARK = {"passed": ("✓", "green"), "in_progress": ("…", "yellow"), "not_started": ("·", "dim")}


def report_table(
    report: dict, lessons: list, lesson_id: str | None = None, part: str | None = None
):
    """Rich renderable that reads at 80 columns: one row per student with full names and
    totals, lessons grouped by part (one column each); or, with `lesson_id`, that
    lesson's state per student. The wide grid (a column per lesson) is the CSV's."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    # every name, id and number here comes from a learner's export file: shown inert
    chosen = [
        x for x in lessons if x.id in report["exercises"] and (part is None or x.part == part)
    ]
    parts: dict[str, list[str]] = {}
    for x in chosen:
        parts.setdefault(x.part or NO_PART, []).append(x.id)
    title = (
        "Class progress" + (f": {part}" if part else "") + (f": {lesson_id}" if lesson_id else "")
    )
    # no lines between columns: a class's whole names fit beside four parts at 80 columns
    table = Table(
        title=inert_text(title, multiline=False), title_justify="left", box=box.SIMPLE_HEAD
    )
    table.add_column("student", overflow="fold")
    if lesson_id is not None:
        columns = ["state", "checks", "hints", "last mistake"]
    else:  # parts by number: their names are in the legend below, whole
        numbered = [f"p{n}" for n in range(1, len(parts) + 1)] if len(parts) > 1 else []
        columns = ["passed", *numbered, "hints", "checks"]
    for name in columns:
        table.add_column(inert_text(name, multiline=False), justify="right", no_wrap=True)
    for s in report["students"]:
        cells = s["exercises"]
        row = [inert_text(s["name"], multiline=False)]
        if lesson_id is not None:
            cell = cells.get(lesson_id)
            if cell is None:
                row += [Text("-", style="dim")] * 4
            else:
                mark, style = _MARK.get(cell["status"], ("?", "red"))
                row += [
                    Text(f"{mark} {cell['status'].replace('_', ' ')}", style=style),
                    str(cell["attempts"]),
                    str(cell["hints_used"]) + (" s" if cell["solution_shown"] else ""),
                    inert_text(cell["last_misconception"] or "", "dim", multiline=False),
                ]
        else:
            ids = [i for ids in parts.values() for i in ids]
            passed = sum(cells.get(i, {}).get("status") == "passed" for i in ids)
            row.append(f"{passed}/{len(ids)}")
            for members in parts.values() if len(parts) > 1 else []:
                row.append(
                    f"{sum(cells.get(i, {}).get('status') == 'passed' for i in members)}/{len(members)}"
                )
            row.append(str(sum(cells.get(i, {}).get("hints_used", 0) for i in ids)))
            row.append(str(sum(cells.get(i, {}).get("attempts", 0) for i in ids)))
        table.add_row(*row)
    lines = [
        f"{len(report['students'])} students. The full grid, a column per lesson: --format csv."
    ]
    if lesson_id is None and len(parts) > 1:
        lines += [
            f"p{n}, part {n}: {name} ({len(ids)} lessons; the column counts those passed)"
            for n, (name, ids) in enumerate(parts.items(), start=1)
        ]
    shown = {lesson_id} if lesson_id else {i for ids in parts.values() for i in ids}
    for t in report["totals"]:
        if t["exercise"] in shown:
            lines.append(
                f"  {t['exercise']}: {t['passed']} passed, {t['started']} started, "
                f"{t['hints_used']} hints, {t['attempts']} checks"
            )
    mistakes = [m for m in report["misconceptions"] if m["exercise"] in shown]
    if mistakes:
        lines.append("Most common misconceptions (students, times):")
        lines += [
            f"  {m['students']:3d} {m['times']:4d}  {m['exercise']}: {m['id']}" for m in mistakes
        ]
    if len(report["courses"]) > 1:
        lines.append(
            "Warning: these exports come from different courses or versions: "
            + ", ".join(f"{c['id']} {c['version']}" for c in report["courses"])
        )
    return Group(table, inert_text("\n".join(lines)))


def _grade_results(paths: list[str]) -> list[dict] | None:
    """The files as `grade --format json` results when the first one is such a file
    (a class graded in shards), else None: they are progress exports."""

    def read(path: str) -> dict:
        """The file as grade's results; ExportError saying why it is not."""
        try:
            data = parse_json(Path(path).read_text(encoding="utf-8"), shards.MAX_DEPTH)
        except TooDeep as exc:  # refused as an export is: its kind cannot be known
            raise located(path, exc) from None
        except (OSError, UnicodeDecodeError, ExportError):
            data = None
        if not isinstance(data, dict) or data.get("kind") != GRADE_KIND:
            raise ExportError(f"{path}: not the JSON results of `jaxtutor grade`, as {paths[0]} is")
        return data

    try:
        first = read(paths[0])
    except ExportError:  # read as exports, each refused with its reason
        return None
    return [first, *map(read, paths[1:])]


def command(args, course) -> int:
    """`jaxtutor report`: merge learners' progress exports into a class table, or the
    JSON results of a class graded in shards (`grade --shard K/N`) into one."""
    from rich.console import Console

    try:
        graded = _grade_results(args.files)
    except ExportError as exc:
        print(f"jaxtutor: {inert(str(exc))}", file=sys.stderr)
        return 2
    if graded is not None:
        return shards.report(graded, args)
    known = {lesson.id for lesson in course.lessons}
    exports, failed = [], 0
    for path in args.files:
        try:
            data = read_export(Path(path), known)
        except ExportError as exc:
            print(f"jaxtutor: skipped {inert(str(exc))}", file=sys.stderr)
            failed += 1
            continue
        exports.append((str(path), data))
        if data["unknown_exercises"]:
            print(
                inert(
                    f"jaxtutor: {path}: lessons this course does not have, left out: "
                    + ", ".join(data["unknown_exercises"][:10])
                    + (" ..." if len(data["unknown_exercises"]) > 10 else "")
                ),
                file=sys.stderr,
            )
    if not exports:
        print("jaxtutor: no export could be read", file=sys.stderr)
        return 2
    report = merge(exports)
    for conflict in report["conflicts"]:
        print(
            inert(
                f"jaxtutor: conflict: {len(conflict['files'])} exports claim the name "
                f"{conflict['name']!r} ({', '.join(conflict['files'])}); each is shown with its file"
            ),
            file=sys.stderr,
        )
    if len(report["courses"]) > 1:
        print(
            inert(
                "jaxtutor: warning: exports from different courses or versions: "
                + ", ".join(f"{c['id']} {c['version']}" for c in report["courses"])
            ),
            file=sys.stderr,
        )
    if args.lesson is not None and course.find(args.lesson) is None:
        print(
            inert(f"jaxtutor: --lesson {args.lesson}: no such lesson in this course"),
            file=sys.stderr,
        )
        return 2
    part_names = {lesson.part for lesson in course.lessons}
    if args.part is not None and args.part not in part_names:
        named = ", ".join(sorted(name for name in part_names if name))
        print(inert(f"jaxtutor: --part {args.part}: the parts are {named}"), file=sys.stderr)
        return 2
    if args.skills:
        table = skills_table(report, args.below)
        as_csv = skills_csv
    else:
        table = report_table(report, course.lessons, args.lesson, args.part)
        as_csv = report_csv
    if args.format == "csv":
        outfile.emit(as_csv(report), args.out)
    elif args.format == "json":
        outfile.emit(json.dumps(report, indent=2) + "\n", args.out)
    elif args.out:
        buffer = io.StringIO()
        Console(file=buffer, width=100, no_color=True).print(table)
        outfile.emit(buffer.getvalue(), args.out)
    else:
        Console().print(table)
    return 1 if failed or report["conflicts"] else 0
