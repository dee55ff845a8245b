"""Watch mode for people who prefer their own editor.

`jaxtutor watch EXERCISE [FILE]` writes the starter if FILE is absent, checks it once,
then again on every save, printing the same report as `jaxtutor check` and recording
each check in the same progress database as the app. The folder is watched, not the
file, because many editors save by writing a new file and renaming it over the old one.
"""

from __future__ import annotations

import datetime
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from jaxtutor import handed_in
from jaxtutor.course import variants
from jaxtutor.course.lessons import Lesson
from jaxtutor.learner.progress import Store
from jaxtutor.learner.reviews import asked, record_check
from jaxtutor.render.safe_text import inert

if TYPE_CHECKING:
    from jaxtutor.runner.host.launch import ForkServer


def watch(
    lesson: Lesson,
    path: Path,
    lessons: list[Lesson],
    *,
    poll: bool = False,
    console: Console | None = None,
    stop: threading.Event | None = None,
    lessons_dir: str | None = None,
    server: ForkServer | None = None,
) -> None:
    """Check `path` now and after every change, until `stop` is set or Ctrl+C; `lessons`
    is the course, for the lesson that comes next. Where a review is under way, its
    variant of the task is the one checked, as in the app. `server`: a fork server
    started already, the pool's."""
    import watchfiles

    from jaxtutor.check import check_source, warm
    from jaxtutor.render.console import check_command, print_verdict
    from jaxtutor.runner.host.pool import WarmPool

    console = console or Console()
    with Store() as store:  # a review under way asks its variant of the task (reviews.py)
        lesson = asked(store, lesson)
    if (changed := variants.of(lesson)) is not None:
        console.print(f"[bold]This review changes the task.[/] {_shown(changed.get('task', ''))}")
    # the file itself is never resolved: a link is refused (what it points at would be
    # stored as the draft and handed to the teacher in an export)
    path = path.parent.resolve() / path.name
    if not path.exists() and not handed_in.is_link(path):
        try:  # "x": O_EXCL, never through a link planted meanwhile
            with open(path, "x", encoding="utf-8") as out:
                out.write(lesson.exercise.starter)
        except FileExistsError:
            pass
        else:
            console.print(
                f"Wrote the starter code to [bold]{_shown(path)}[/]. Open it in your editor."
            )
    following = _next_lesson(lesson, lessons)

    with WarmPool(server=server) as pool, Store() as store:
        last_checked = None
        last_refused: tuple | None = None  # the refusal said, and the save it was said of

        def check_now() -> None:
            nonlocal last_checked, last_refused
            if not path.exists() and not handed_in.is_link(path):
                return
            try:
                source = handed_in.read(path)
            except handed_in.Refused as refused:
                # the loop wakes every second: a refused file is news once per save, and
                # a large file still being written is not saved yet (the next wake says it)
                said = (str(refused), _saved(path))
                if said != last_refused and not _being_written(said[1]):
                    console.print(f"[yellow]Not checked: {_shown(refused)}[/]")
                    last_refused = said
                return
            last_refused = None
            if source == last_checked:  # an unchanged save is no news
                return
            last_checked = source
            stamp = datetime.datetime.now().strftime("%H:%M:%S")
            console.rule(f"{_shown(path.name)} · {stamp}", align="left", style="dim")
            verdict = check_source(lesson.exercise, source, filename=path.name, runners=pool)
            store.save_draft(lesson.id, source)
            record_check(store, lessons, verdict, source)
            print_verdict(verdict, console, check_command(lesson.id, str(path), lessons_dir))
            if verdict.passed and following:
                console.print(f"Next: [bold]jaxtutor watch {following.id}[/]  ({following.title})")
            console.print(f"[dim]Waiting for you to save {_shown(path.name)} (Ctrl+C stops).[/]")

        check_now()
        # the lesson's own programs, once, while the learner edits: the next check finds
        # them compiled (a check meanwhile takes turns with it in the trusted child)
        threading.Thread(target=warm, args=(lesson.exercise, pool), daemon=True).start()
        # one watcher for the whole session: saves made during a check are not lost. It
        # also wakes every second to compare the file itself, so a save made before the
        # watcher started, or one whose event never arrives, is still checked. Any change
        # in the folder wakes it, not only the file's: watchfiles restarts that second on
        # a change it filters out, so a neighbour changing all the time (a dangling link
        # is reported deleted on every poll) kept the file from ever being looked at again
        for _changes in watchfiles.watch(
            path.parent,
            watch_filter=None,
            recursive=False,
            force_polling=poll or None,
            poll_delay_ms=300,
            rust_timeout=1000,
            yield_on_timeout=True,
            stop_event=stop,
            raise_interrupt=False,
        ):
            check_now()


def _saved(path: Path) -> tuple | None:
    """What tells one save of `path` from the next without reading it (a refused file
    is a link, or too large to read): the link's or the file's own identity and times."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _being_written(saved: tuple | None, settle_s: float = 0.3) -> bool:
    """Whether the file `_saved` described changed within the last `settle_s`: a save
    still under way. A time ahead of the clock (the clock was set back) is not one: the
    file would go unmentioned for as long as the clock was moved."""
    return saved is not None and 0 <= time.time_ns() - saved[2] < settle_s * 1e9


def _shown(name) -> str:
    """A file name inside a markup string: shown as it is, never read as markup."""
    return escape(inert(str(name), multiline=False))


def _next_lesson(lesson: Lesson, lessons: list[Lesson]) -> Lesson | None:
    ids = [item.id for item in lessons]
    index = ids.index(lesson.id) + 1 if lesson.id in ids else len(ids)
    return lessons[index] if index < len(lessons) else None


def command(args, course, lesson: Lesson, server: ForkServer | None = None) -> int:
    """`jaxtutor watch EXERCISE [FILE]`: `lesson` of the active course; `server`, a fork
    server started already, for its pool."""
    lessons = course.lessons
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
        watch(lesson, path, lessons, poll=args.poll, lessons_dir=args.lessons, server=server)
    except KeyboardInterrupt:
        pass
    return 0
