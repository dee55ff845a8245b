"""Moving between lessons (next, previous, the picker, the outline) and to the line a
verdict points at."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from jaxtutor.learner.tui.widgets import MARKS, NOT_STARTED_MARK

if TYPE_CHECKING:
    from jaxtutor.course.lessons import Lesson


class NavigationMixin:
    """The lessons of `TutorApp`, and the way to them."""

    def open_lesson(self, lesson_id: str) -> None:
        lesson = next((item for item in self.lessons if item.id == lesson_id), None)
        if lesson is None or lesson is self.current:
            return
        self.save_draft_now()
        self.action_cancel_check()
        self._show_lesson(lesson)
        self._warm_lesson()
        if self._narrow():
            self._show_pane("lesson")  # a new lesson starts with reading it
        self.editor.focus() if not self._narrow() else None

    def open_review(self, lesson_id: str) -> None:
        """A due review: the exercise from its starter, so the learner recalls rather than
        re-runs, and a variant of its task where the lesson declares them; the draft it
        replaces is kept, one key (`u`) away."""
        from jaxtutor.learner.reviews import start

        index = next((i for i, item in enumerate(self.lessons) if item.id == lesson_id), None)
        if index is None:
            return
        task = self.course.lessons[index]  # the lesson as its TOML writes it
        self.save_draft_now()
        self.action_cancel_check()
        review = start(self.store, task)
        self.lessons[index] = review
        self._show_lesson(review)
        self._warm_lesson()
        if self._narrow():
            self._show_pane("lesson")  # a changed task is read first
        changed = " The task has changed: see the top of the lesson." if review is not task else ""
        self.notify(
            f"Review: write it again from the starter.{changed} `u` brings your last draft back.",
            timeout=6,
        )

    def _neighbour(self, step: int) -> Lesson | None:
        index = self.lessons.index(self.current) + step
        return self.lessons[index] if 0 <= index < len(self.lessons) else None

    def action_next_lesson(self) -> None:
        if (lesson := self._neighbour(+1)) is None:
            self.notify("This is the last lesson.", timeout=3)
        else:
            self.open_lesson(lesson.id)

    def action_previous_lesson(self) -> None:
        if (lesson := self._neighbour(-1)) is None:
            self.notify("This is the first lesson.", timeout=3)
        else:
            self.open_lesson(lesson.id)

    def action_pick_lesson(self) -> None:
        from jaxtutor.learner.tui.screens import lesson_picker  # the dialogs: not at start

        marks = {}
        for lesson in self.lessons:
            mark, style = MARKS.get(self._state(lesson.id).status, NOT_STARTED_MARK)
            marks[lesson.id] = Text(mark, style=style)
        self.push_screen(
            lesson_picker(self.lessons, marks, self.current.id),
            lambda chosen: self.open_lesson(chosen) if chosen else None,
        )

    def on_option_list_option_selected(self, event) -> None:
        # by name, not @on(OptionList.OptionSelected, "#outline"): Textual gathers @on
        # handlers from the classes its metaclass builds, which a mixin is not
        if event.control.id == "outline":
            self.open_lesson(event.option.id)

    def action_goto_error(self) -> None:
        line = self.last_verdict.line if self.last_verdict else None
        if not line:
            self.notify("The last check did not point at a line.", timeout=3)
            return
        self._show_pane("code")
        row = max(0, min(line - 1, self.editor.document.line_count - 1))
        self.editor.move_cursor((row, 0), center=True)
        self.editor.select_line(row)
        self.editor.focus()

    def on_button_pressed(self, event) -> None:
        if event.control.id == "goto-line":  # by name, as above
            self.action_goto_error()
