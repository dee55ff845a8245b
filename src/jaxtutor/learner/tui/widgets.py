"""The panes: course outline, lesson text, results."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from jaxtutor.course.lessons import Lesson, part_headings
from jaxtutor.learner.progress import IN_PROGRESS, PASSED, ExerciseProgress
from jaxtutor.learner.tui.keys import editor_bindings
from jaxtutor.render.safe_text import inert

if TYPE_CHECKING:
    from jaxtutor.verdict import Verdict  # imported by the check, after the first frame

MARKS = {PASSED: ("✓", "green"), IN_PROGRESS: ("◐", "yellow")}
NOT_STARTED_MARK = ("○", "dim")
STATUS_WORDS = {PASSED: "passed", IN_PROGRESS: "in progress"}
_VERDICT_STYLE = {"pass": "bold green", "fail": "bold red", "error": "bold yellow"}
_TEST_MARK = {"pass": ("✓", "green"), "fail": ("✗", "red"), "error": ("!", "yellow")}


def running_text(elapsed: float, judged: bool = False) -> Text:
    """A check's running line; `judged`: its verdict is shown, its cause searched for."""
    doing = "⟳ Looking for the cause… " if judged else "⟳ Checking your code… "
    return Text.assemble((doing, "bold"), f"{elapsed:.1f} s  ", ("(Esc cancels)", "bold"))


def ago(at: float, now: float | None = None) -> str:
    """How long ago the Unix time `at` was, in words."""
    seconds = max(0.0, (time.time() if now is None else now) - at)
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= length:
            count = int(seconds // length)
            return f"{count} {unit}{'s' if count > 1 else ''} ago"
    return "just now"


def status_word(progress: ExerciseProgress) -> str:
    return STATUS_WORDS.get(progress.status, "not started")


class OutlineEntry:
    """A lesson in the outline: its marks, then its title, which wraps under itself.

    Cell for cell what a two-column Table.grid draws, without measuring and laying out a
    table for every entry at every width, in the first frame."""

    def __init__(self, marks: Text, title: Text):
        self.marks, self.title = marks, title

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        indent = self.marks.cell_len
        width = max(1, min(options.max_width - indent, self.title.cell_len))
        lines = self.title.wrap(console, width, justify="left", overflow="ellipsis")
        for number, line in enumerate(lines):
            yield Text.assemble(self.marks if number == 0 else " " * indent, line)


_LEVELS = "▁▂▃▄▅▆▇█"


def level_mark(known: float) -> tuple[str, str]:
    """A skill estimate as one cell: a bar's height, red below 0.5, yellow below 0.8."""
    style = "green" if known >= 0.8 else "yellow" if known >= 0.5 else "red"
    return _LEVELS[min(len(_LEVELS) - 1, int(known * len(_LEVELS)))], style


class Outline(OptionList):
    """Every lesson with its state; the open one is marked with ▸. Once checks have
    told something of the skills, a bar's height beside each lesson says how well its
    weakest skill is known (learner/mastery.py)."""

    _shown: tuple = ()

    def show(
        self,
        lessons: list[Lesson],
        progress: dict[str, ExerciseProgress],
        current: str,
        weakest: dict[str, float] | None = None,
    ) -> None:
        # the same outline again (a check starts, most checks end) is left as it is: new
        # options re-render every entry, on the app's thread, beside the check
        headings = part_headings(lessons)
        states = [progress.get(lesson.id) or ExerciseProgress(lesson.id) for lesson in lessons]
        shown = (
            current,
            tuple(headings),
            tuple(
                (lesson.id, lesson.title, state.status) for lesson, state in zip(lessons, states)
            ),
            tuple(sorted((weakest or {}).items())),
        )
        if shown == self._shown:
            return
        self._shown = shown
        options = []
        for number, (lesson, heading, state) in enumerate(zip(lessons, headings, states), start=1):
            if heading is not None:  # where a part begins; never selectable
                options.append(
                    Option(
                        Text(inert(heading, multiline=False), style="bold dim"),
                        id=f"part:{number}",
                        disabled=True,
                    )
                )
            mark, style = MARKS.get(state.status, NOT_STARTED_MARK)
            marks = Text.assemble(
                ("▸" if lesson.id == current else " ", "bold"), (f"{mark}", style), f"{number:>2} "
            )
            if weakest:  # a column of its own, once any lesson has an estimate
                known = weakest.get(lesson.id)
                marks.append_text(Text(*level_mark(known)) if known is not None else Text(" "))
                marks.append(" ")
            title = Text(
                inert(lesson.title, multiline=False), style="bold" if lesson.id == current else ""
            )
            options.append(Option(OutlineEntry(marks, title), id=lesson.id))
        self.set_options(options)
        self.highlighted = next((i for i, option in enumerate(options) if option.id == current), 0)


_ENDS_BLOCK = re.compile(r"(return|pass|raise|break|continue)\b")


def indent_after(line: str, indent_width: int = 4) -> str:
    """The indentation a new line gets after `line`, as a Python editor gives it."""
    indent = line[: len(line) - len(line.lstrip())]
    if line.split("#", 1)[0].rstrip().endswith(":"):
        return indent + " " * indent_width
    if _ENDS_BLOCK.match(line.lstrip()):
        return indent[: max(0, len(indent) - indent_width)]
    return indent


# keys that came this close together came in one read from the terminal: a paste that
# arrives as typed keys (tmux's paste-buffer without -p, some SSH and Windows terminals).
# A person's keys are tens of milliseconds apart; a paste's are microseconds apart, a few
# milliseconds where the terminal's writes are split
BURST_S = 0.005
BURST_RUN = 2  # ... and at least this many such gaps in a row: a newline inside a paste


@dataclass(frozen=True)
class _AutoIndent:
    """The indentation Enter gave a new line, while the next key may still show that the
    Enter was a paste's first key."""

    row: int
    indent: str


class CodeEditor(TextArea):
    """The editor: Enter keeps the line's indentation, one level more after a colon and one
    less after return, pass, raise, break or continue (TextArea inserts a bare newline).

    A paste that arrives as typed keys brings its own indentation: its newlines get none of
    ours, or each pasted line would be indented twice ("unindent does not match"). Its keys
    are told by how close together they come (`BURST_S`); a paste that begins with a
    newline is told by the key right behind it, which takes back the indentation Enter gave.
    """

    BINDINGS = editor_bindings()  # Ctrl+Home, Ctrl+End (keys.EDITOR lists every key)

    _last_key_at = float("-inf")
    _last_key = ""
    _run = 0  # gaps shorter than BURST_S in a row, up to this key
    _auto_indent: _AutoIndent | None = None

    def colour_as(self, language: str) -> None:
        """Give the editor its language, keeping where the cursor and the view are (a new
        language rebuilds the document and moves the cursor home, which sent keys typed
        before it to the wrong place)."""
        selection, scroll = self.selection, self.scroll_offset
        self.language = language
        self.selection = selection
        self.scroll_to(scroll.x, scroll.y, animate=False, immediate=True)

    def action_cursor_document_start(self, select: bool = False) -> None:
        self.move_cursor((0, 0), select=select)

    def action_cursor_document_end(self, select: bool = False) -> None:
        self.move_cursor(self.document.end, select=select)

    async def _on_key(self, event: events.Key) -> None:
        close = event.time - self._last_key_at < BURST_S
        self._run = self._run + 1 if close else 0
        previous, self._last_key, self._last_key_at = self._last_key, event.key, event.time
        pending, self._auto_indent = self._auto_indent, None
        pasted = self._run >= BURST_RUN
        key = event.key
        if key == "ctrl+j" and pasted and previous == "enter":  # \r\n: one newline
            event.stop()
            event.prevent_default()
            return
        newline = key == "enter" or (key == "ctrl+j" and pasted)  # some terminals send \n
        start, end = self.selection
        if pending is not None and close and start == end == (pending.row, len(pending.indent)):
            start = (pending.row, 0)  # the Enter began a paste: its indentation is not ours
        else:
            pending = None
        typed = event.is_printable or (key == "tab" and self.tab_behavior == "indent")
        if self.read_only or not (newline or (pending is not None and typed)):
            if not await self._run_own_binding(event):
                await super()._on_key(event)
            return
        self._restart_blink()
        event.stop()
        event.prevent_default()
        if newline:
            row, column = min(start, end)
            indent = (
                ""
                if pasted or pending
                else indent_after(self.document[row][:column], self.indent_width)
            )
            result = self._replace_via_keyboard("\n" + indent, start, end)
            if indent and result is not None:
                self._auto_indent = _AutoIndent(result.end_location[0], indent)
        elif key == "tab":
            self._replace_via_keyboard(
                "\t" if self.indent_type == "tabs" else " " * self.indent_width, start, end
            )
        else:
            self._replace_via_keyboard(event.character or "", start, end)

    async def _run_own_binding(self, event: events.Key) -> bool:
        """Run the editor's own binding for a key (Down, End, ^u...) here, in the order the
        keys came. Left to Textual, such a key bubbles up through every container to the
        app, which runs the binding after the characters typed behind it are already in:
        "Down End !" sent at once put the "!" where the cursor was
        (docs/known-issues.md)."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return True
        return False


class LessonView(VerticalScroll):
    """The lesson's explanation, drawn from Markdown in the first frame; its code blocks
    are coloured just after it (see lesson_text)."""

    BINDINGS = [Binding("escape", "app.back_to_code", "Back to the code", show=False)]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._explanation = ""
        self._highlighted = False

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-heading")
        yield Static(id="lesson-text")

    def show(self, lesson: Lesson, number: int, total: int) -> None:
        heading = Text(f"Lesson {number} of {total}", style="bold")
        if lesson.summary:
            heading.append(f"\n{inert(lesson.summary)}", style="italic")
        self.query_one("#lesson-heading", Static).update(heading)
        self._explanation = lesson.explanation
        self._draw(self._highlighted)  # plain only until the first lexer has loaded
        if not self._highlighted:
            self.call_after_refresh(self._draw, True)
        self.scroll_home(animate=False)

    def redraw(self) -> None:
        """Draw the text again, in the colours of the app's theme."""
        self._draw(self._highlighted)

    def text_shown(self) -> bool:
        """Whether the explanation is on screen with its code coloured."""
        return self._highlighted

    def _draw(self, highlight: bool) -> None:
        from jaxtutor.learner.tui.lesson_drawing import LessonDrawing

        self._highlighted = highlight
        self.query_one("#lesson-text", Static).update(
            LessonDrawing(self._explanation, dark=self.app.current_theme.dark, highlight=highlight)
        )


class ResultsPane(VerticalScroll):
    """What the last check said, and the hints shown so far."""

    can_focus = True
    BINDINGS = [Binding("escape", "app.back_to_code", "Back to the code", show=False)]

    def compose(self) -> ComposeResult:
        yield Static(id="running", classes="hidden")
        yield Static(id="verdict")
        # empty parts start hidden, as show_idle leaves them: no restyle before the first frame.
        # The "go to line" button and the step table are mounted by the first verdict that
        # has them: with their stylesheets, they would slow the first frame and show nothing.
        # the mistake and its step table right after the verdict, the cases (whose
        # hidden inputs can run to pages) after them
        yield Static(id="misconception", classes="hidden")
        yield Static("Step by step", id="steps-title", classes="hidden")
        yield Static(id="tests", classes="hidden")
        yield Static(id="output", classes="hidden")
        yield Static(id="hints")

    def show_running(self, text: Text | None, layout: bool = True, stale: bool = True) -> None:
        """A check's running line (`running_text`), or None once none runs; `stale`:
        what is shown was said of the code before this check (not its own verdict,
        shown while its cause is searched for)."""
        running = text is not None
        running_line = self.query_one("#running", Static)
        if running:
            running_line.update(text, layout=layout)
        running_line.set_class(not running, "hidden")
        running_line.set_class(False, "-note")
        self.set_class((running and stale) or self.has_class("-stale"), "-stale")

    def show_cancelled(self) -> None:
        """The check was cancelled: the verdict still shown is marked as an older one."""
        running_line = self.query_one("#running", Static)
        running_line.update(
            Text(
                "Check cancelled. What follows is from an earlier check, "
                "not of the code as it is now.",
                style="bold",
            )
        )
        running_line.set_class(not self.has_class("-has-verdict"), "hidden")
        running_line.set_class(False, "-note")
        self.set_class(True, "-stale")

    def show_last_check(self, when: str, changed: bool) -> None:
        """Say that the verdict shown is the draft's last check, made `when` (kept from an
        earlier visit to the lesson, or an earlier session); `changed`: the draft has been
        edited since, so the verdict was said of an earlier version of it."""
        running_line = self.query_one("#running", Static)
        if changed:
            note = Text.assemble(
                (f"Last check, {when}, of an earlier version of this draft: ", "bold"),
                "it has changed since. ^r checks it as it is now.",
            )
        else:
            note = Text(f"Last check of this draft, {when}.", style="bold")
        running_line.update(note)
        running_line.set_class(False, "hidden")
        running_line.set_class(not changed, "-note")
        self.set_class(changed, "-stale")

    def show_idle(self, exercise_function: str) -> None:
        self._verdict = None
        self.show_running(None)
        self.set_class(False, "-stale", "-has-verdict")
        self.query_one("#verdict", Static).update(
            Text.assemble(
                ("No check yet.\n", "bold"),
                f"Write `{exercise_function}` in the editor, then press ^r (or F5) to check it. "
                "^g shows a hint, F1 lists every key.",
            )
        )
        for part in ("#tests", "#misconception", "#output"):
            self._set(part, Text())
        self._show_table(None)
        self._show_goto(None)

    _verdict: Verdict | None = None  # the verdict shown

    def show_verdict(self, verdict: Verdict, table_later: bool = False) -> None:
        """`table_later`: its step table just after the next frame (the app's first frame,
        showing a kept verdict, is not held up by mounting a table)."""
        self._verdict = verdict
        self.set_class(False, "-stale")
        self.set_class(True, "-has-verdict")
        self.show_running(None)
        title = Text(
            f"{_TEST_MARK[verdict.status][0]} {verdict.outcome.title}",
            style=_VERDICT_STYLE[verdict.status],
        )
        title.append(f"  ({verdict.duration_s:.1f} s)", style="dim")
        # the verdict's texts carry the learner's (an exception's message, a function's
        # name, prints): shown inert, as Text, never as markup
        body = Text.assemble(title, "\n", inert(verdict.message))
        if verdict.hint and not verdict.passed:
            body.append("\n\nHint: ", style="bold cyan")
            body.append(inert(verdict.hint), style="cyan")
        self.query_one("#verdict", Static).update(body)

        self._show_goto(verdict.line)

        tests = Text()
        for test in verdict.tests:
            mark, style = _TEST_MARK.get(test.status, ("?", ""))
            tests.append(f"{mark} ", style=style)
            tests.append(inert(test.name, multiline=False))
            if test.message and test.status != "pass":
                tests.append(f"\n    {inert(test.message)}", style="dim")
            tests.append("\n")
        self._set("#tests", tests)

        misconception = Text()
        if verdict.diagnosis:
            misconception.append("Recognised mistake: ", style="bold magenta")
            misconception.append(inert(verdict.diagnosis.id, multiline=False), style="magenta")
            if verdict.diagnosis.step is not None:
                misconception.append(f"  (first wrong at step {verdict.diagnosis.step})")
        self._set("#misconception", misconception)
        if table_later and verdict.diagnosis is not None and verdict.diagnosis.table:
            self._show_table(None)
            self.call_after_refresh(self._show_table_of, verdict)
        else:
            self._show_table(verdict)

        output = Text()
        if verdict.output.strip():
            output.append("Your program printed:\n", style="bold")
            output.append(inert(verdict.output.rstrip()[-2000:]))
        self._set("#output", output)
        self.scroll_home(animate=False)

    def _set(self, part: str, text: Text) -> None:
        """Update a part; an empty part takes no room."""
        static = self.query_one(part, Static)
        static.update(text)
        static.set_class(not text.plain.strip(), "hidden")

    def prepare(self) -> None:
        """Mount, hidden, the parts only some verdicts show (not in the first frame: each
        costs its styling and layout, and a new kind of widget has its stylesheet parsed
        and every widget restyled). Called while the learner reads, so that the first
        verdict to need them is not drawn after that work."""
        if not self.is_attached:  # the app is closing: a warm-up's timer came late
            return
        self._goto()
        self._table()

    def _goto(self) -> Button:
        goto = self.query_one_optional("#goto-line", Button)
        if goto is None:
            goto = Button("", id="goto-line", compact=True, classes="hidden")
            self.mount(goto, after="#verdict")
        return goto

    def _table(self):
        table = self.query_one_optional("#steps")
        if table is None:
            from textual.widgets import DataTable  # imported with the first table, not at start

            table = DataTable(id="steps", zebra_stripes=True, cursor_type="row", classes="hidden")
            self.mount(table, after="#steps-title")
        return table

    def _show_goto(self, line: int | None) -> None:
        if line is None and self.query_one_optional("#goto-line") is None:
            return
        goto = self._goto()
        goto.label = f"Go to line {line} (g)"
        goto.set_class(line is None, "hidden")

    def _show_table_of(self, verdict: Verdict) -> None:
        if verdict is self._verdict:  # still the one shown
            self._show_table(verdict)

    def _show_table(self, verdict: Verdict | None) -> None:
        data = verdict.diagnosis.table if verdict and verdict.diagnosis else None
        self.query_one("#steps-title").set_class(data is None, "hidden")
        if data is None and self.query_one_optional("#steps") is None:
            return
        table = self._table()
        table.clear(columns=True)
        table.set_class(data is None, "hidden")
        if data is None:
            return
        table.add_columns(*(Text(inert(str(c), multiline=False)) for c in data.columns))
        for i, row in enumerate(data.rows):
            style = "bold red" if i == data.highlight else ""
            table.add_row(*(Text(inert(str(cell)), style=style) for cell in row))
        if data.highlight is not None:
            table.move_cursor(row=data.highlight, animate=False)

    def show_hints(self, hints: tuple[str, ...], revealed: int) -> None:
        text = Text()
        if revealed == 0:
            text.append(
                f"Stuck? ^g shows a hint ({len(hints)} in all, one at a time).", style="dim"
            )
        else:
            text.append(f"Hints ({revealed} of {len(hints)})\n", style="bold cyan")
            for number, hint in enumerate(hints[:revealed], start=1):
                text.append(f"{number}. {inert(hint)}\n")
        self.query_one("#hints", Static).update(text)
