"""`jaxtutor progress`: where the learner stands in the course: every lesson passed, in
progress or not started, with the checks and hints used so far."""

from __future__ import annotations

import datetime

from rich.console import Console
from rich.table import Table
from rich.text import Text

from jaxtutor.course.lessons import Lesson
from jaxtutor.learner.progress import PASSED, ExerciseProgress, Store
from jaxtutor.render.safe_text import inert

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


def command(course, console: Console | None = None) -> int:
    """`jaxtutor progress`: a table of the active course's lessons, and where to go on."""
    console = console or Console()
    lessons = course.lessons
    with Store() as store:
        progress = {p.id: p for p in store.all_exercises()}
        path = store.path
    console.print(progress_table(lessons, progress))
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
