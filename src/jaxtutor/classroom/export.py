"""A learner's progress for a teacher without a server: an export is a JSON (or CSV)
file a learner hands in; it names the lesson pack it came from (id and version) so a
report never mixes courses silently. Reports merge them (classroom/report.py)."""

from __future__ import annotations

import csv
import io
import json
import sys
import time
from collections import Counter

import jaxtutor
from jaxtutor.learner.mastery import mastery
from jaxtutor.render import outfile
from jaxtutor.render.outfile import safe_cell

BUILTIN_PACK = "jaxtutor-course"
EXPORT_KIND = "jaxtutor-progress"
EXPORT_VERSION = 1


def builtin_pack() -> dict:
    return {"id": BUILTIN_PACK, "version": jaxtutor.__version__}


def pack_of(course, lesson) -> dict:
    """{"id", "version"} of the pack a lesson came from (the built-in course otherwise)."""
    for pack in getattr(course, "packs", []):
        if any(other is lesson for other in pack.lessons):
            return {"id": pack.id, "version": pack.version}
    return builtin_pack()


def _iso(ts: float | None) -> str | None:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts)) if ts else None


def export(course, name: str, store=None) -> dict:
    """Everything a teacher needs about one learner, for every exercise of the course
    (and any exercise the store knows from an earlier course). `store` None: the
    learner's database, read only if it exists (an export never creates one)."""
    from jaxtutor.learner import progress

    records, attempts = {}, []
    if store is None and progress.default_path().exists():
        with progress.Store() as opened:
            records = {p.id: p for p in opened.all_exercises()}
            attempts = opened.attempts()
    elif store is not None:
        records = {p.id: p for p in store.all_exercises()}
        attempts = store.attempts()
    seen_misconceptions: dict[str, Counter] = {}
    for attempt in attempts:
        if attempt.get("misconception"):
            seen_misconceptions.setdefault(attempt["exercise"], Counter())[
                attempt["misconception"]
            ] += 1
    lessons = {lesson.id: lesson for lesson in course.lessons}
    ids = list(lessons) + sorted(set(records) - set(lessons))
    exercises = []
    for ex_id in ids:
        rec = records.get(ex_id) or progress.ExerciseProgress(ex_id)
        lesson = lessons.get(ex_id)
        exercises.append(
            {
                "id": ex_id,
                "title": lesson.title if lesson else "",
                "pack": pack_of(course, lesson)["id"] if lesson else None,
                "status": rec.status,
                "attempts": rec.attempts,
                "hints_used": rec.hints_revealed,
                "first_passed_at": _iso(rec.first_passed_at),
                "last_outcome": rec.last_outcome,
                "last_misconception": rec.last_misconception,
                "misconceptions": dict(sorted(seen_misconceptions.get(ex_id, Counter()).items())),
                "solution_shown": rec.solution_shown_at is not None,
                "final_draft": rec.draft,
            }
        )
    packs = [
        {"id": p.id, "version": p.version, "title": p.title} for p in getattr(course, "packs", [])
    ]
    skills = [
        {
            "skill": skill.name,
            "estimate": round(skill.known, 4),
            "checks": skill.checks,
            "named_mistakes": skill.mistakes,
            "hints": skill.hints,
            # in the order of the checks: what each said about the skill
            "observations": [{"exercise": e, "right": right} for e, right in skill.observed],
        }
        for skill in mastery(attempts, course.lessons, now=time.time()).values()
        if skill.checks
    ]
    return {
        "kind": EXPORT_KIND,
        "version": EXPORT_VERSION,
        "name": name,
        "exported_at": _iso(time.time()),
        "jaxtutor": jaxtutor.__version__,
        "course": builtin_pack(),
        "packs": packs,
        "exercises": exercises,
        "skills": skills,
    }


EXPORT_CSV_COLUMNS = [
    "name",
    "pack",
    "pack_version",
    "exercise",
    "status",
    "attempts",
    "hints_used",
    "first_passed_at",
    "last_outcome",
    "last_misconception",
    "misconceptions",
    "solution_shown",
    "final_draft",
]


def _pack_versions(data: dict) -> dict[str, str]:
    versions = {p["id"]: p.get("version", "") for p in data.get("packs", [])}
    versions[data["course"]["id"]] = data["course"]["version"]
    return versions


def export_csv(data: dict) -> str:
    versions = _pack_versions(data)
    out = io.StringIO()
    writer = csv.DictWriter(out, EXPORT_CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for ex in data["exercises"]:
        pack = ex.get("pack") or data["course"]["id"]
        writer.writerow(
            {
                k: safe_cell(v)
                for k, v in {
                    "name": data["name"],
                    "pack": pack,
                    "pack_version": versions.get(pack, ""),
                    "exercise": ex["id"],
                    "status": ex["status"],
                    "attempts": ex["attempts"],
                    "hints_used": ex["hints_used"],
                    "first_passed_at": ex["first_passed_at"] or "",
                    "last_outcome": ex["last_outcome"] or "",
                    "last_misconception": ex["last_misconception"] or "",
                    "misconceptions": ";".join(f"{k}:{v}" for k, v in ex["misconceptions"].items()),
                    "solution_shown": "yes" if ex["solution_shown"] else "no",
                    "final_draft": ex["final_draft"] or "",
                }.items()
            }
        )
    return out.getvalue()


def command(args, course) -> int:
    """`jaxtutor export`: this learner's progress in the active course."""
    import getpass

    name = (args.name or "").strip()
    if not name:
        name = getpass.getuser()
        print(
            f"jaxtutor: no --name given: the export names you {name!r} (your login name); "
            "pass --name to name yourself as your teacher knows you",
            file=sys.stderr,
        )
    data = export(course, name)
    text = export_csv(data) if args.format == "csv" else json.dumps(data, indent=2) + "\n"
    outfile.emit(text, args.out)
    if args.out:
        passed = sum(ex["status"] == "passed" for ex in data["exercises"])
        print(
            f"Wrote {name}'s progress ({passed} of {len(data['exercises'])} passed) to {args.out}",
            file=sys.stderr,
        )
    return 0
