"""`jaxtutor review`: the reviews due (reviews.py schedules them), and the first of
them opened in the app from its starter."""

from __future__ import annotations

from datetime import datetime

from jaxtutor.course import variants
from jaxtutor.learner.reviews import due, start


def command(course, list_only: bool = False, console=None) -> int:
    """`jaxtutor review`: the reviews due, and the first of them opened in the app from
    its starter (the draft it replaces is kept: `u` brings it back)."""
    from rich.console import Console
    from rich.text import Text

    from jaxtutor.learner.progress import Store
    from jaxtutor.render.safe_text import inert

    console = console or Console()
    lessons = course.lessons
    with Store() as store:
        waiting = due(store, lessons)
        scheduled = store.reviews()
        if not waiting:
            titles = {lesson.id: lesson.title for lesson in lessons}
            upcoming = [(when, e) for e, when in scheduled.items() if e in titles]
            if not upcoming:
                console.print("No reviews yet: an exercise you pass comes back when it is due.")
            else:
                when, exercise = min(upcoming)
                day = datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")
                said = ("No review is due. The next: ", inert(titles[exercise]), f", {day}.")
                console.print(Text.assemble(*said))
            return 0
        console.print(f"{len(waiting)} review(s) due:")
        for lesson in waiting:
            console.print(Text.assemble("  ", inert(lesson.title), (f" ({lesson.id})", "dim")))
        if list_only:
            return 0
        first = waiting[0]
        review = start(store, first)
    said = ("Opening ", inert(first.title), " from its starter: `u` brings your draft back.")
    console.print(Text.assemble(*said))
    if (changed := variants.of(review)) is not None:  # said before the app opens
        console.print(Text.assemble("This review changes the task: ", inert(changed["task"])))
    from jaxtutor.learner.tui import run

    return run(course)
