"""A class's progress exports, read as the untrusted input they are.

An export is a file a learner hands in: every field may be of the wrong type, out of
range, deeply nested, huge, or name lessons the course does not have. `read_export`
checks it against the export's schema and bounds, and a file that fails is skipped with
its name and the reason, never a traceback; lesson ids the course does not know are kept
apart (listed, never made columns), so what a report prints is bounded by the course,
not by what a student wrote.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from jaxtutor import handed_in
from jaxtutor.classroom.export import BUILTIN_PACK, EXPORT_CSV_COLUMNS, EXPORT_KIND, EXPORT_VERSION

MAX_FILE_BYTES = 4 * 1024 * 1024  # a whole course with every final draft is well under this
MAX_DEPTH = 6  # export > exercises > exercise > misconceptions: four levels are used
MAX_EXERCISES = 500
MAX_NAME = 200  # characters of a student's name
MAX_ID = 100  # characters of a lesson, pack or misconception id
MAX_COUNT = 1_000_000  # checks or hints a learner can have made
MAX_MISCONCEPTIONS = 100  # per exercise
MAX_OBSERVATIONS = 100_000  # per skill: what a fit of the class reads (classroom/fit.py)
MAX_DRAFT = 256 * 1024  # characters of a final draft
STATUSES = ("passed", "in_progress", "not_started")


class ExportError(Exception):
    pass


class TooDeep(ExportError):
    """Nested deeper than any file jaxtutor writes: refused whatever the file claims to be."""


def read_export(path: Path, known: set[str] | None = None) -> dict:
    """An export (JSON or CSV) in the JSON shape, checked: ExportError says what is wrong.
    With `known` (the course's lesson ids), the others go to "unknown_exercises"."""
    try:
        text = handed_in.read(Path(path), max_bytes=MAX_FILE_BYTES)
    except handed_in.Refused as refused:
        raise ExportError(f"{path}: {refused}") from None
    try:
        data = _json(text) if text.lstrip().startswith("{") else _from_csv(text)
        return checked(data, known)
    except ExportError as exc:
        raise located(path, exc) from None


def located(path, exc: ExportError) -> ExportError:
    """`exc` said of the file at `path`: a position is written path:line:column, as
    compilers do."""
    return ExportError(f"{path}{'' if str(exc).startswith(':') else ': '}{exc}")


def parse_json(text: str, max_depth: int):
    """`text` (a file from a hand the teacher does not trust) as JSON nested at most
    `max_depth` levels; ExportError otherwise, TooDeep for the nesting. Python's parser
    ends a file nested thousands deep in a RecursionError, and one a few hundred deep
    fails later, wherever it is walked or written again."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExportError(f":{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise TooDeep("nested far deeper than jaxtutor writes") from None
    if _depth(data, max_depth) > max_depth:
        raise TooDeep(f"nested deeper than {max_depth} levels")
    return data


def _json(text: str) -> dict:
    data = parse_json(text, MAX_DEPTH)
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise ExportError("not a jaxtutor progress export")
    if data.get("version") != EXPORT_VERSION:
        raise ExportError(
            f"export version {data.get('version')!r} is not supported "
            f"(this jaxtutor reads version {EXPORT_VERSION})"
        )
    return data


def _uncell(value: str) -> str:
    return value[1:] if value[:2] in {"'" + c for c in "=+-@\t\r"} else value


def _from_csv(text: str) -> dict:
    # every cell went through safe_cell on the way out
    try:
        rows = [
            {k: _uncell(v) if isinstance(v, str) else v for k, v in r.items()}
            for r in csv.DictReader(io.StringIO(text))
        ]
    except csv.Error as exc:
        raise ExportError(f"not a readable CSV: {exc}") from None
    if not rows or set(EXPORT_CSV_COLUMNS) - set(rows[0]):
        raise ExportError("not a jaxtutor progress export (JSON or CSV)")
    packs = {r["pack"]: r["pack_version"] for r in rows}
    course_id = BUILTIN_PACK if BUILTIN_PACK in packs else rows[0]["pack"]
    try:
        exercises = [
            {
                "id": r["exercise"],
                "title": "",
                "pack": r["pack"],
                "status": r["status"],
                "attempts": int(r["attempts"] or 0),
                "hints_used": int(r["hints_used"] or 0),
                "first_passed_at": r["first_passed_at"] or None,
                "last_outcome": r["last_outcome"] or None,
                "last_misconception": r["last_misconception"] or None,
                "misconceptions": {
                    k: int(v)
                    for k, _, v in (m.partition(":") for m in r["misconceptions"].split(";") if m)
                },
                "solution_shown": r["solution_shown"] == "yes",
                "final_draft": r["final_draft"] or None,
            }
            for r in rows
        ]
    except ValueError as exc:
        raise ExportError(f"a number is not a number: {exc}") from None
    if len({r["name"] for r in rows}) > 1:
        raise ExportError("rows for more than one name")
    return {
        "kind": EXPORT_KIND,
        "version": EXPORT_VERSION,
        "name": rows[0]["name"],
        "exported_at": None,
        "course": {"id": course_id, "version": packs[course_id]},
        "packs": [{"id": k, "version": v} for k, v in packs.items() if k != course_id],
        "exercises": exercises,
    }


def _depth(value, limit: int) -> int:
    """How deep `value` nests, counting no further than `limit` + 1."""
    if limit < 0 or not isinstance(value, dict | list):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(v, limit - 1) for v in items), default=0)


def _text(value, what: str, limit: int, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or (not value and not optional):
        raise ExportError(f"{what} is not text")
    if len(value) > limit:
        raise ExportError(f"{what} is longer than {limit} characters")
    return value


def _count(value, what: str, top: int = MAX_COUNT) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise ExportError(f"{what} is not a whole number from 0 to {top}")
    return value


def _version(value, what: str) -> dict:
    if not isinstance(value, dict):
        raise ExportError(f"{what} is not an object with an id and a version")
    return {
        "id": _text(value.get("id"), f"{what}'s id", MAX_ID),
        "version": _text(value.get("version"), f"{what}'s version", MAX_ID),
    }


def _skill(entry, number: int) -> dict:
    """One skill's estimate as an export gives it (learner/mastery.py), checked, with
    its observations as right or wrong, in order (what `fit-skills` reads)."""
    what = f"skill {number}"
    if not isinstance(entry, dict):
        raise ExportError(f"{what} is not an object")
    estimate = entry.get("estimate")
    if not isinstance(estimate, int | float) or isinstance(estimate, bool):
        raise ExportError(f"{what}'s estimate is not a number")
    if not 0.0 <= estimate <= 1.0:
        raise ExportError(f"{what}'s estimate is not between 0 and 1")
    return {
        "skill": _text(entry.get("skill"), f"{what}'s name", MAX_ID),
        "estimate": float(estimate),
        "checks": _count(entry.get("checks"), f"{what}'s checks"),
        "named_mistakes": _count(entry.get("named_mistakes"), f"{what}'s named mistakes"),
        "hints": _count(entry.get("hints"), f"{what}'s hints"),
        "observations": _observations(entry.get("observations", []), what),
    }


def _observations(seen, what: str) -> list[bool]:
    if not isinstance(seen, list) or len(seen) > MAX_OBSERVATIONS:
        raise ExportError(f"{what}'s observations are not a list of at most {MAX_OBSERVATIONS}")
    if not all(isinstance(o, dict) and isinstance(o.get("right"), bool) for o in seen):
        raise ExportError(f"{what}'s observations are not each right (true) or wrong (false)")
    return [o["right"] for o in seen]


def _exercise(ex, number: int) -> dict:
    if not isinstance(ex, dict):
        raise ExportError(f"exercise {number} is not an object")
    what = f"exercise {number}"
    status = ex.get("status")
    if status not in STATUSES:
        raise ExportError(f"{what}'s status is not one of {', '.join(STATUSES)}")
    seen = ex.get("misconceptions", {})
    if not isinstance(seen, dict) or len(seen) > MAX_MISCONCEPTIONS:
        raise ExportError(
            f"{what}'s misconceptions are not a table of at most {MAX_MISCONCEPTIONS}"
        )
    if not isinstance(ex.get("solution_shown", False), bool):
        raise ExportError(f"{what}'s solution_shown is not true or false")
    return {
        "id": _text(ex.get("id"), f"{what}'s id", MAX_ID),
        "title": _text(ex.get("title", ""), f"{what}'s title", MAX_NAME, optional=True) or "",
        "pack": _text(ex.get("pack"), f"{what}'s pack", MAX_ID, optional=True),
        "status": status,
        "attempts": _count(ex.get("attempts"), f"{what}'s attempts"),
        "hints_used": _count(ex.get("hints_used"), f"{what}'s hints_used"),
        "first_passed_at": _text(ex.get("first_passed_at"), f"{what}'s first_passed_at", 40, True),
        "last_outcome": _text(ex.get("last_outcome"), f"{what}'s last_outcome", MAX_ID, True),
        "last_misconception": _text(
            ex.get("last_misconception"), f"{what}'s last_misconception", MAX_ID, True
        ),
        "misconceptions": {
            _text(k, f"{what}'s misconception id", MAX_ID): _count(
                n, f"{what}'s misconception count"
            )
            for k, n in seen.items()
        },
        "solution_shown": ex.get("solution_shown", False),
        "final_draft": _text(ex.get("final_draft"), f"{what}'s final_draft", MAX_DRAFT, True),
    }


def checked(data: dict, known: set[str] | None = None) -> dict:
    """`data` as the export schema allows it, or ExportError naming the first field that
    does not fit; lesson ids outside `known` go to "unknown_exercises"."""
    exercises = data.get("exercises")
    if not isinstance(exercises, list) or len(exercises) > MAX_EXERCISES:
        raise ExportError(f"exercises is not a list of at most {MAX_EXERCISES}")
    packs = data.get("packs", [])
    if not isinstance(packs, list) or len(packs) > MAX_EXERCISES:
        raise ExportError("packs is not a list")
    clean = [_exercise(ex, n) for n, ex in enumerate(exercises, start=1)]
    skills = data.get("skills", [])  # exports from before skills have none
    if not isinstance(skills, list) or len(skills) > MAX_EXERCISES:
        raise ExportError("skills is not a list")
    ids = [ex["id"] for ex in clean]
    if len(set(ids)) != len(ids):
        raise ExportError("an exercise is listed twice")
    return {
        "kind": EXPORT_KIND,
        "version": EXPORT_VERSION,
        "name": _text(data.get("name"), "name", MAX_NAME),
        "exported_at": _text(data.get("exported_at"), "exported_at", 40, optional=True),
        "course": _version(data.get("course"), "course"),
        "packs": [_version(p, "a pack") for p in packs],
        "exercises": [ex for ex in clean if known is None or ex["id"] in known],
        "unknown_exercises": [i for i in ids if known is not None and i not in known],
        "skills": [_skill(entry, n) for n, entry in enumerate(skills, start=1)],
    }
