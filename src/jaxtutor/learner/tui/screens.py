"""Dialogs over the main screen: help, confirm, pick a lesson or a draft, the solution."""

from __future__ import annotations

import datetime

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from jaxtutor.course.lessons import Lesson
from jaxtutor.learner.progress import EarlierDraft
from jaxtutor.learner.tui.keys import COMMANDS, EDITOR, ELSEWHERE, EditorKey, shown
from jaxtutor.render.safe_text import inert

_CLOSE = [Binding("escape,q", "close", "Close", show=False)]


class _Dialog(ModalScreen):
    AUTO_FOCUS = "*"  # the app's own points at its editor
    BINDINGS = _CLOSE

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(_Dialog):
    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=True, header_style="bold", expand=True)
        table.add_column("Anywhere", no_wrap=True)
        table.add_column("Outside editor", no_wrap=True)
        table.add_column("What it does")
        for c in COMMANDS:
            table.add_row(shown(c.keys), shown(c.plain), c.help)
        table.add_row("^p", "", "Command palette: every action and every lesson by name.")
        with VerticalScroll(id="dialog", classes="help"):
            yield Static(Text("Keys", style="bold"))
            yield Static(table, id="help-keys")
            yield Static(Text("\nIn the editor", style="bold"))
            yield Static(_key_table(EDITOR), id="help-editor")
            yield Static(Text("\nOutside the editor", style="bold"))
            yield Static(_key_table(ELSEWHERE), id="help-elsewhere")
            yield Static(
                Text("\nYour draft is saved as you type. Esc or q closes this.", style="dim")
            )


def _key_table(keys: tuple[EditorKey, ...]) -> Table:
    """Keys and what they do, under the name of their group."""
    table = Table(box=None, show_header=False, expand=True)
    table.add_column(no_wrap=True)
    table.add_column()
    group = ""
    for key in keys:
        if key.group != group:
            group = key.group
            table.add_row(Text(group, style="italic"), "")
        table.add_row(key.shown(), key.help)
    return table


class ConfirmScreen(_Dialog):
    """Yes or no; dismisses with True or False."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, yes: str = "Yes"):
        super().__init__()
        self.question, self.yes = question, yes

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Static(self.question, id="question")
            with Horizontal(id="answers"):
                yield Button(f"{self.yes} (y)", id="yes", variant="warning")
                yield Button("No (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no").focus()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class PickScreen(_Dialog):
    """A list to choose from; dismisses with the chosen option's id, or None."""

    def __init__(self, title: str, options: list[Option], highlighted: int = 0):
        super().__init__()
        self.title_text, self.options, self.start = title, options, highlighted

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="pick"):
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*self.options, id="choices")
            yield Static(Text("Enter opens, Esc closes.", style="dim"))

    def on_mount(self) -> None:
        choices = self.query_one(OptionList)
        choices.highlighted = self.start
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


def lesson_picker(lessons: list[Lesson], marks: dict[str, Text], current: str) -> PickScreen:
    options = [
        Option(
            Text.assemble(marks[lesson.id], f" {n:>2} {inert(lesson.title, multiline=False)}"),
            id=lesson.id,
        )
        for n, lesson in enumerate(lessons, start=1)
    ]
    index = next((i for i, lesson in enumerate(lessons) if lesson.id == current), 0)
    return PickScreen("Jump to a lesson", options, index)


def draft_picker(drafts: list[EarlierDraft]) -> PickScreen:
    options = []
    for draft in drafts:
        when = datetime.datetime.fromtimestamp(draft.saved_at).strftime("%Y-%m-%d %H:%M")
        lines = draft.source.splitlines()
        body = next(
            (
                line.strip()
                for line in reversed(lines)
                if line.strip() and not line.lstrip().startswith("#")
            ),
            "",
        )
        options.append(
            Option(
                Text.assemble(
                    (when, "bold"),
                    f"  set aside by {draft.reason}, {len(lines)} lines\n    ",
                    (inert(body[:60], multiline=False), "dim"),
                ),
                id=str(draft.id),
            )
        )
    return PickScreen("Bring back an earlier draft (the current one is kept)", options)


class SolutionScreen(_Dialog):
    def __init__(self, lesson: Lesson):
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        code = self.lesson.exercise.solution.strip("\n")
        with VerticalScroll(id="dialog", classes="solution"):
            yield Markdown(
                f"### Reference solution: {self.lesson.title}\n\n"
                f"```python\n{code}\n```\n\nEsc or q closes this."
            )
