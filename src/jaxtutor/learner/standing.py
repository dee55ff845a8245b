"""`jaxtutor progress`: where the learner stands in the course: every lesson passed, in
progress or not started, with the checks and hints used so far; and each skill's
estimate, with the evidence behind it (learner/mastery.py)."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from jaxtutor.course.lessons import Lesson
from jaxtutor.learner.mastery import Skill, fitted, mastery, read_chances
from jaxtutor.learner.progress import PASSED, ExerciseProgress, Store
from jaxtutor.render.safe_text import inert, inert_text

_STATUS = {PASSED: ("✓ passed", "green"), "in_progress": ("◐ in progress", "yellow")}


def progress_table(lessons: list[Lesson], progress: dict[str, ExerciseProgress]) -> Table:
    table = Table(title="Your progress", title_justify="left")
    for column in ("#", "lesson", "state", "checks", "hints", "passed on"):
        table.add_column(column)
    for number, lesson in enumerate(lessons, start=1):
        state = progress.get(lesson.id) or ExerciseProgress(lesson.id)
        word, style = _STATUS.get(state.status, ("○ not started", "dim"))
        when = (
            datetime.datetime.fromtimestamp(state.first_passed_at).strftime("%Y-%m-%d")
            if state.first_passed_at
            else ""
        )
        title = Text.assemble(inert(lesson.title, multiline=False), "\n", (lesson.id, "dim"))
        table.add_row(
            str(number),
            title,
            f"[{style}]{word}[/]",
            str(state.attempts),
            f"{state.hints_revealed}/{len(lesson.exercise.hints)}",
            when,
        )
    return table


_BAR = 20


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def skills_table(skills: dict[str, Skill]) -> Table:
    """A bar per skill the learner has been checked on: the chance it is known, and the
    checks, named mistakes and hints behind the estimate."""
    table = Table(title="Your skills", title_justify="left", box=None, padding=(0, 1))
    for column in ("skill", "estimate", "", "evidence"):
        table.add_column(column)
    for skill in skills.values():
        if not skill.checks:
            continue
        full = round(skill.known * _BAR)
        style = "green" if skill.known >= 0.8 else "yellow" if skill.known >= 0.5 else "red"
        evidence = ", ".join(
            [_plural(skill.checks, "check")]
            + ([_plural(skill.mistakes, "named mistake")] if skill.mistakes else [])
            + ([_plural(skill.hints, "hint")] if skill.hints else [])
        )
        table.add_row(
            skill.name,
            Text.assemble(("█" * full, style), ("░" * (_BAR - full), "dim")),
            f"{skill.known:.2f}",
            evidence,
        )
    return table


def take_in_chances(path: str) -> int:
    """`jaxtutor progress --chances FILE`: the teacher's fitted chances, checked, kept in
    the learner's folder, where every estimate reads them."""
    from jaxtutor import handed_in
    from jaxtutor.learner.mastery import MAX_CHANCES_BYTES, ChancesRefused, chances_path
    from jaxtutor.render import outfile

    try:
        text = handed_in.read(Path(path), max_bytes=MAX_CHANCES_BYTES)
        chances = read_chances(text)
    except (handed_in.Refused, ChancesRefused) as exc:
        print(inert(f"jaxtutor: {path}: {exc}"), file=sys.stderr)
        return 2
    target = chances_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    outfile.write_text(target, text)
    print(
        inert(
            f"Skill chances for {len(chances)} skills kept in {target}; `jaxtutor progress` uses them."
        )
    )
    return 0


def command(course, console: Console | None = None) -> int:
    """`jaxtutor progress`: a table of the active course's lessons, and where to go on."""
    console = console or Console()
    lessons = course.lessons
    with Store() as store:
        progress = {p.id: p for p in store.all_exercises()}
        attempts = store.attempts(sources=False)  # the estimates need no files
        path = store.path
    console.print(progress_table(lessons, progress))
    chances = fitted()  # read once: for the estimates and to say they were used
    skills = mastery(attempts, lessons, chances, now=datetime.datetime.now().timestamp())
    if any(skill.checks for skill in skills.values()):
        console.print(skills_table(skills))
        if fitted_skills := sorted(set(chances) & set(skills)):
            console.print(
                inert_text(
                    f"Estimated with your class's fitted chances for {', '.join(fitted_skills)}.",
                    style="dim",
                )
            )
    passed = sum(progress.get(lesson.id, ExerciseProgress(lesson.id)).passed for lesson in lessons)
    console.print(f"{passed} of {len(lessons)} lessons passed.")
    # the first lesson not passed, in course order: the lesson opened last may be ahead
    todo = next(
        (
            lesson
            for lesson in lessons
            if not progress.get(lesson.id, ExerciseProgress(lesson.id)).passed
        ),
        None,
    )
    if todo:
        console.print(
            f"Continue with [bold]{todo.title}[/]: run `jaxtutor`, or "
            f"`jaxtutor watch {todo.id}` to use your own editor."
        )
    else:
        console.print("[green]You have passed every lesson.[/]")
    console.print(f"[dim]Saved in {path}[/]")
    return 0
