"""Across lesson files: duplicate ids and orders, prerequisites that do not exist, come
later, or are not the lessons the text says it builds on."""

from __future__ import annotations

import difflib
import re

from jaxtutor.authoring.problems import Locator, Problem
from jaxtutor.course.lessons import Lesson

# the paragraph a lesson opens with, and the lessons it links: what the text builds on
_ALREADY_KNOW = re.compile(r"\*\*You should already know:\*\*(.*?)(?:\n[ \t]*\n|\Z)", re.S)
_LINK = re.compile(r"\[([a-z0-9_]+)\]\([^)\s]*\.toml\)")


def stated_prerequisites(explanation: str) -> list[str] | None:
    """The lessons linked in the text's "You should already know" paragraph, in order, or
    None when the text has no such paragraph."""
    found = _ALREADY_KNOW.search(explanation)
    if found is None:
        return None
    return list(dict.fromkeys(_LINK.findall(found.group(1))))


_SKILL = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def cross_check(
    lessons: list[Lesson], known_elsewhere: set[str], skills_elsewhere: frozenset[str] = frozenset()
) -> list[Problem]:
    """Duplicate ids and orders, prerequisites that do not exist, come later or are not
    what the text says it builds on; skills not named, or named by no lesson."""
    problems = []
    by_id: dict[str, Lesson] = {}
    by_order: dict[int, Lesson] = {}

    def at(lesson: Lesson, key: str | tuple, code: str, message: str, fix: str) -> None:
        where = key if isinstance(key, tuple) else (key,)
        line, column = Locator(lesson.path.read_text(encoding="utf-8")).find(where)
        problems.append(Problem(lesson.path, line, column, code, message, fix))

    for lesson in sorted(lessons, key=lambda lesson: str(lesson.path)):
        if lesson.id in by_id:
            at(
                lesson,
                "id",
                "duplicate-id",
                f"id {lesson.id!r} is also used by {by_id[lesson.id].path.name}",
                "Give each lesson its own id.",
            )
        elif lesson.id in known_elsewhere:
            at(
                lesson,
                "id",
                "duplicate-id",
                f"id {lesson.id!r} is already a built-in lesson",
                "Give the lesson an id of its own; a pack cannot replace a built-in lesson.",
            )
        by_id.setdefault(lesson.id, lesson)
        if lesson.order and lesson.order in by_order:
            at(
                lesson,
                "order",
                "duplicate-order",
                f"order {lesson.order} is also used by {by_order[lesson.order].path.name}",
                "Give each lesson its own place in the course.",
            )
        by_order.setdefault(lesson.order, lesson)
    for lesson in lessons:
        for need in lesson.requires:
            if need in by_id:
                if by_id[need].order >= lesson.order:
                    at(
                        lesson,
                        "requires",
                        "requires-order",
                        f"requires {need!r}, which comes at order {by_id[need].order}, "
                        f"not before this lesson's order {lesson.order}",
                        f"Give this lesson an order above {by_id[need].order}, or drop the "
                        "prerequisite.",
                    )
            elif need not in known_elsewhere:
                close = difflib.get_close_matches(need, list(by_id) + sorted(known_elsewhere), 1)
                at(
                    lesson,
                    "requires",
                    "unknown-requires",
                    f"requires {need!r}, but no lesson has that id",
                    f"Did you mean {close[0]!r}?" if close else "Name an existing lesson id.",
                )
            if need == lesson.id:
                at(
                    lesson,
                    "requires",
                    "requires-order",
                    "the lesson requires itself",
                    "Remove its own id from requires.",
                )
        stated = stated_prerequisites(lesson.explanation)
        if stated is not None and set(stated) != set(lesson.requires):
            unstated = [need for need in lesson.requires if need not in stated]
            unlisted = [need for need in stated if need not in lesson.requires]
            if unstated:
                at(
                    lesson,
                    "requires",
                    "requires-unstated",
                    f"requires {', '.join(map(repr, unstated))}, but the text's "
                    '"You should already know" paragraph does not link it',
                    "Link it there and say what the lesson uses from it, or drop it from requires.",
                )
            if unlisted:
                at(
                    lesson,
                    "requires",
                    "requires-unlisted",
                    f'the "You should already know" paragraph links '
                    f"{', '.join(map(repr, unlisted))}, which requires does not list",
                    f"Add it to requires: requires = {[*lesson.requires, *unlisted]!r}.",
                )
    _skills(lessons, skills_elsewhere, at)
    # a part is one heading in the outline, so its lessons must not be split by another's
    ordered = sorted(lessons, key=lambda lesson: (lesson.order, lesson.path.name))
    seen = set()
    for before, lesson in zip([None, *ordered], ordered):
        if (
            lesson.part
            and before is not None
            and lesson.part != before.part
            and lesson.part in seen
        ):
            at(
                lesson,
                "part",
                "part-split",
                f"part {lesson.part!r} already began earlier, and {before.path.name} "
                f"(part {before.part!r}) comes in between",
                "Give the lessons of one part orders next to each other, or another part.",
            )
        seen.add(lesson.part)
    return problems


def _skills(lessons: list[Lesson], elsewhere: frozenset[str], at) -> None:
    """Every lesson names what it practises; every mistake's skill is one a lesson names
    (the course's, or this pack's own)."""
    known = set(elsewhere) | {skill for lesson in lessons for skill in lesson.skills}
    for lesson in lessons:
        if not lesson.skills:
            at(
                lesson,
                "id",
                "skills-missing",
                "the lesson names no skill its exercise practises",
                'Add, among the top-level keys, skills = ["..."]: the skill the exercise is '
                'about first, e.g. skills = ["grad"].',
            )
        for skill in lesson.skills:
            if not _SKILL.fullmatch(skill):
                at(
                    lesson,
                    "skills",
                    "invalid-skill",
                    f"skill {skill!r} is not a short name",
                    'Use lowercase letters, digits and "-": "scan-carry", say.',
                )
        config = lesson.exercise.config
        for table in ("mutants", "mistakes"):
            for i, entry in enumerate(config.get(table) or []):
                named = entry.get("skill") if isinstance(entry, dict) else None
                if named and named not in known:
                    close = difflib.get_close_matches(str(named), sorted(known), 1)
                    at(
                        lesson,
                        ("exercise", table, i, "skill"),
                        "unknown-skill",
                        f"skill {named!r} is named by no lesson",
                        f"Did you mean {close[0]!r}?"
                        if close
                        else "Name a skill some lesson lists in its skills.",
                    )
