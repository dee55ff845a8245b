"""Watch mode for people who prefer their own editor, and the `progress` summary.

`jaxtutor watch EXERCISE [FILE]` writes the starter if FILE is absent, checks it once,
then again on every save, printing the same report as `jaxtutor check` and recording
each check in the same progress database as the app. The folder is watched, not the
file, because many editors save by writing a new file and renaming it over the old one.
"""

from __future__ import annotations

import datetime
import threading
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from jaxtutor.render.safe_text import inert
from jaxtutor.course.lessons import Lesson, builtin_dir, load_dir
from jaxtutor.learner.progress import PASSED, ExerciseProgress, Store

_STATUS = {PASSED: ("✓ passed", "green"), "in_progress": ("◐ in progress", "yellow")}


def _lessons() -> list[Lesson]:
    lessons, _errors = load_dir(builtin_dir())  # a broken lesson hides only itself
    return lessons


def watch(lesson: Lesson, path: Path, *, poll: bool = False, console: Console | None = None,
          stop: threading.Event | None = None, lessons: list[Lesson] | None = None) -> None:
    """Check `path` now and after every change, until `stop` is set or Ctrl+C."""
    import watchfiles

    from jaxtutor.render.console import print_verdict
    from jaxtutor.runner.host.pool import WarmPool

    console = console or Console()
    path = path.resolve()
    if not path.exists():
        path.write_text(lesson.exercise.starter, encoding="utf-8")
        console.print(f"Wrote the starter code to [bold]{_shown(path)}[/]. Open it in your editor.")
    lessons = lessons if lessons is not None else _lessons()
    following = _next_lesson(lesson, lessons)

    def is_ours(change, changed: str) -> bool:
        return Path(changed) == path

    with WarmPool() as pool, Store() as store:
        last_checked = None

        def check_now() -> None:
            nonlocal last_checked
            source = path.read_text(encoding="utf-8", errors="replace") if path.exists() else None
            if source is None or source == last_checked:  # an unchanged save is no news
                return
            last_checked = source
            stamp = datetime.datetime.now().strftime("%H:%M:%S")
            console.rule(f"{_shown(path.name)} · {stamp}", align="left", style="dim")
            verdict = pool.check(lesson.exercise, source, filename=path.name)
            store.save_draft(lesson.id, source)
            store.record_verdict(verdict, source)
            print_verdict(verdict, console)
            if verdict.passed and following:
                console.print(f"Next: [bold]jaxtutor watch {following.id}[/]  ({following.title})")
            console.print(f"[dim]Waiting for you to save {_shown(path.name)} (Ctrl+C stops).[/]")

        check_now()
        # the lesson's own programs, once, while the learner edits: the next check finds
        # them compiled (a check meanwhile takes turns with it in the trusted child)
        threading.Thread(target=pool.warm, args=(lesson.exercise,), daemon=True).start()
        # one watcher for the whole session: saves made during a check are not lost. It
        # also wakes every second to compare the file itself, so a save made before the
        # watcher started, or one whose event never arrives, is still checked
        for _changes in watchfiles.watch(path.parent, watch_filter=is_ours,
                                         force_polling=poll or None, poll_delay_ms=300,
                                         rust_timeout=1000, yield_on_timeout=True,
                                         stop_event=stop, raise_interrupt=False):
            check_now()


def _shown(name) -> str:
    """A file name inside a markup string: shown as it is, never read as markup."""
    return escape(inert(str(name), multiline=False))


def _next_lesson(lesson: Lesson, lessons: list[Lesson]) -> Lesson | None:
    ids = [item.id for item in lessons]
    index = ids.index(lesson.id) + 1 if lesson.id in ids else len(ids)
    return lessons[index] if index < len(lessons) else None


def command(args) -> int:
    lessons = _lessons()
    lesson = next((item for item in lessons if item.id == args.exercise), None)
    if lesson is None:
        import sys

        known = ", ".join(item.id for item in lessons)
        print(f"jaxtutor: unknown exercise {args.exercise!r} (known: {known})", file=sys.stderr)
        return 2
    from jaxtutor.runner.host.doctor import warning

    if (unjailed := warning()) is not None:
        import sys

        print(unjailed, file=sys.stderr)
    path = Path(args.file or f"{lesson.id}.py")
    if not path.parent.is_dir():  # a mistyped folder is not made: the file would be lost there
        import sys

        print(f"jaxtutor: no such folder: {path.parent}", file=sys.stderr)
        return 2
    try:
        watch(lesson, path, poll=args.poll, lessons=lessons)
    except KeyboardInterrupt:
        pass
    return 0


def progress_table(lessons: list[Lesson], progress: dict[str, ExerciseProgress]) -> Table:
    table = Table(title="Your progress", title_justify="left")
    for column in ("#", "lesson", "state", "checks", "hints", "passed on"):
        table.add_column(column)
    for number, lesson in enumerate(lessons, start=1):
        state = progress.get(lesson.id) or ExerciseProgress(lesson.id)
        word, style = _STATUS.get(state.status, ("○ not started", "dim"))
        when = (datetime.datetime.fromtimestamp(state.first_passed_at).strftime("%Y-%m-%d")
                if state.first_passed_at else "")
        title = Text.assemble(inert(lesson.title, multiline=False), "\n", (lesson.id, "dim"))
        table.add_row(str(number), title, f"[{style}]{word}[/]",
                      str(state.attempts),
                      f"{state.hints_revealed}/{len(lesson.exercise.hints)}", when)
    return table


def progress_command(args=None, console: Console | None = None) -> int:
    console = console or Console()
    lessons = _lessons()
    with Store() as store:
        progress = {p.id: p for p in store.all_exercises()}
        current = store.current_lesson()
        path = store.path
    console.print(progress_table(lessons, progress))
    passed = sum(progress.get(lesson.id, ExerciseProgress(lesson.id)).passed for lesson in lessons)
    console.print(f"{passed} of {len(lessons)} lessons passed.")
    todo = next((lesson for lesson in lessons if lesson.id == current
                 and not progress.get(lesson.id, ExerciseProgress(lesson.id)).passed), None)
    todo = todo or next((lesson for lesson in lessons
                         if not progress.get(lesson.id, ExerciseProgress(lesson.id)).passed), None)
    if todo:
        console.print(f"Continue with [bold]{todo.title}[/]: run `jaxtutor`, or "
                      f"`jaxtutor watch {todo.id}` to use your own editor.")
    else:
        console.print("[green]You have passed every lesson.[/]")
    console.print(f"[dim]Saved in {path}[/]")
    return 0
