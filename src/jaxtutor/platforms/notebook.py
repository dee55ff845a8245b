"""jaxtutor in Jupyter, Colab and IPython: `%load_ext jaxtutor`, then

    %%jaxtutor check EXERCISE      check the cell's code (the cell is not run in the kernel)
    %jaxtutor hint [EXERCISE]      the next hint (of the exercise checked last)
    %jaxtutor lesson ID            a lesson's text
    %jaxtutor list                 the lessons

The cell runs in the same jailed child as `jaxtutor check`, never in the notebook's own
kernel: it is forked from a server that imports JAX once, as the extension loads, and
lives as long as the kernel. The verdict is recorded in the same progress store as the
app. Every text that comes from the learner's code (messages, prints, case names,
numbers) and from a lesson pack is HTML-escaped before it reaches the page.
"""

from __future__ import annotations

import html
import shlex
from typing import TYPE_CHECKING

from jaxtutor.render.plain import table_text
from jaxtutor.render.safe_text import inert
from jaxtutor.verdict import Verdict

if TYPE_CHECKING:
    from jaxtutor.runner.host.runners import OneOff

_COLOUR = {"pass": "#1a7f37", "fail": "#cf222e", "error": "#9a6700"}
_MARK = {"pass": "✓", "fail": "✗", "error": "!"}
USAGE = (
    "usage: %%jaxtutor check EXERCISE (a cell magic), %jaxtutor hint [EXERCISE], "
    "%jaxtutor lesson ID, %jaxtutor list"
)


def _e(text: str, multiline: bool = True) -> str:
    """Learner text for HTML: controls shown as escapes (a notebook is read in terminals
    too), then HTML-escaped."""
    return html.escape(inert(str(text), multiline))


def _pre(text: str) -> str:
    return f'<pre style="white-space: pre-wrap; margin: 0.3em 0">{_e(text)}</pre>'


def verdict_html(verdict: Verdict, hint_shown: bool = False) -> str:
    """The verdict as a notebook shows it: title, message, the tests, the misconception
    and its step table, what the code printed, and the hint behind a button."""
    colour = _COLOUR[verdict.status]
    parts = [
        f'<div class="jaxtutor-verdict" style="border-left: 4px solid {colour}; '
        f'padding-left: 0.8em">',
        f'<p style="color: {colour}; font-weight: bold; margin: 0.2em 0">'
        f"{_MARK[verdict.status]} {_e(verdict.exercise, False)}: "
        f"{html.escape(verdict.outcome.title)}</p>",
        _pre(verdict.message),
    ]
    if verdict.tests:
        rows = "".join(
            f'<tr><td style="color: {_COLOUR[t.status]}">{_MARK[t.status]}</td>'
            f'<td style="text-align: left">{_e(t.name, False)}</td>'
            f'<td style="text-align: left">{_pre(t.message) if t.status != "pass" and t.message else ""}</td></tr>'
            for t in verdict.tests
        )
        parts.append(f'<table class="jaxtutor-tests">{rows}</table>')
    if verdict.diagnosis is not None:
        parts.append(f"<p><b>Misconception:</b> <code>{_e(verdict.diagnosis.id, False)}</code></p>")
        if (table := verdict.diagnosis.table) is not None:
            head = "".join(f"<th>{_e(c, False)}</th>" for c in table.columns)
            body = "".join(
                "<tr{}>{}</tr>".format(
                    ' style="font-weight: bold; color: #cf222e"' if i == table.highlight else "",
                    "".join(f"<td>{_e(c, False)}</td>" for c in row),
                )
                for i, row in enumerate(table.rows)
            )
            parts.append(
                f'<p><b>Step by step</b></p><table class="jaxtutor-steps">'
                f"<tr>{head}</tr>{body}</table>"
            )
    if verdict.output.strip():
        parts.append(
            f"<details><summary>Your code printed</summary>{_pre(verdict.output)}</details>"
        )
    if verdict.hint:
        opened = " open" if hint_shown else ""
        parts.append(
            f'<details class="jaxtutor-hint"{opened}><summary>Hint</summary>'
            f"{_pre(verdict.hint)}</details>"
        )
    if verdict.seed is not None and verdict.status != "pass":
        parts.append(
            f'<p style="opacity: 0.7">{verdict.duration_s:.2f} s; '
            f"<code>jaxtutor check --seed {verdict.seed}</code> repeats these cases</p>"
        )
    parts.append("</div>")
    return "".join(parts)


def verdict_text(verdict: Verdict) -> str:
    """The same, as plain text, for a terminal IPython."""
    lines = [
        f"{_MARK[verdict.status]} {inert(verdict.exercise, False)}: {verdict.outcome.title}",
        inert(verdict.message),
    ]
    lines += [f"  {_MARK[t.status]} {inert(t.name, False)}" for t in verdict.tests]
    if verdict.diagnosis is not None:
        lines.append(f"Misconception: {inert(verdict.diagnosis.id, False)}")
        if verdict.diagnosis.table is not None:
            lines.append(table_text(verdict.diagnosis.table))
    if verdict.hint:
        lines.append(f"Hint: {inert(verdict.hint)}")
    return "\n".join(lines)


class Shown:
    """Rich output: HTML in a notebook, plain text in a terminal."""

    def __init__(self, html_text: str, text: str, verdict: Verdict | None = None):
        self.html, self.text, self.verdict = html_text, text, verdict

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


class Tutor:
    """The state of one kernel: the course, the exercise checked last, the store, and the
    fork server its checks' processes come from."""

    def __init__(self) -> None:
        from jaxtutor.course.active import active_course

        self.course = active_course()
        self.last: str | None = None
        self._checks: OneOff | None = None

    def start(self) -> None:
        """Start the kernel's fork server, unless one is running: it imports JAX while the
        learner writes, and each check forks its processes from it, JAX imported (a check
        of grad_basics' solution took 1.35 s with a server of its own, 0.34 s from a kept
        one). It costs about 85 MB while the kernel lives and ends with it, as its socket
        closes; one that died is started again at the next check."""
        from jaxtutor.runner.host.runners import OneOff

        server = self._checks.server if self._checks is not None else None
        if server is None or not server.usable():
            self._checks = OneOff.with_fork_server()

    def close(self) -> None:
        """Stop the kernel's fork server."""
        if self._checks is not None:
            self._checks.close()
            self._checks = None

    def lesson(self, lesson_id: str):
        from jaxtutor.course.lessons import find_exercise

        lesson = find_exercise(lesson_id, self.course.lessons)
        if lesson is None:
            known = ", ".join(lesson.id for lesson in self.course.lessons)
            raise ValueError(f"unknown exercise {lesson_id!r} (known: {known})")
        return lesson

    def check(self, exercise_id: str, source: str) -> Shown:
        from jaxtutor.check import check_source
        from jaxtutor.learner.progress import Store
        from jaxtutor.learner.reviews import record_check

        lesson = self.lesson(exercise_id)
        self.start()
        verdict = check_source(lesson.exercise, source, filename="cell.py", runners=self._checks)
        with Store() as store:
            store.save_draft(lesson.id, source)
            record_check(store, self.course.lessons, verdict, source)
        self.last = lesson.id
        return Shown(verdict_html(verdict), verdict_text(verdict), verdict)

    def hint(self, exercise_id: str | None) -> Shown:
        from jaxtutor.learner.progress import Store

        exercise_id = exercise_id or self.last
        if exercise_id is None:
            raise ValueError("no exercise checked yet: say which, `%jaxtutor hint EXERCISE`")
        lesson = self.lesson(exercise_id)
        hints = lesson.exercise.hints
        with Store() as store:
            shown = store.reveal_hint(lesson.id, len(hints))
        text = hints[shown - 1] if shown else "This exercise has no hints."
        title = f"Hint {shown} of {len(hints)} for {lesson.id}"
        return Shown(
            f"<p><b>{_e(title, False)}</b></p>{_pre(text)}", f"{inert(title, False)}\n{inert(text)}"
        )

    def show_lesson(self, lesson_id: str) -> Shown:
        lesson = self.lesson(lesson_id)
        start = f"%%jaxtutor check {lesson.id}\n{lesson.exercise.starter}"
        return Shown(
            f"<h3>{_e(lesson.title, False)}</h3>{_pre(lesson.explanation)}"
            f"<p>Write <code>{_e(lesson.exercise.function, False)}</code> in a cell "
            f"that starts with <code>%%jaxtutor check {_e(lesson.id, False)}</code>:</p>"
            f"{_pre(start)}",
            f"{inert(lesson.title, False)}\n\n{inert(lesson.explanation)}\n\n{inert(start)}",
        )

    def list(self) -> Shown:
        rows = [(lesson.id, lesson.title) for lesson in self.course.lessons]
        return Shown(
            "<table>"
            + "".join(
                f"<tr><td><code>{_e(i, False)}</code></td>"
                f"<td style='text-align: left'>{_e(t, False)}</td></tr>"
                for i, t in rows
            )
            + "</table>",
            "\n".join(f"{inert(i, False):24} {inert(t, False)}" for i, t in rows),
        )


_TUTORS: dict[int, Tutor] = {}  # each shell's, by id, for its unload


def load_ipython_extension(ipython) -> None:
    """`%load_ext jaxtutor`: register the `jaxtutor` line and cell magic, and start the
    kernel's fork server."""
    from IPython.core.magic import Magics, line_cell_magic, magics_class

    unload_ipython_extension(ipython)  # a second load: its server is not left running
    tutor = _TUTORS[id(ipython)] = Tutor()
    tutor.start()

    @magics_class
    class JaxtutorMagics(Magics):
        @line_cell_magic
        def jaxtutor(self, line: str, cell: str | None = None):
            try:
                words = shlex.split(line)
            except ValueError as exc:
                return _error(str(exc))
            command, rest = (words[0], words[1:]) if words else ("", [])
            try:
                if command == "check" and cell is not None and len(rest) == 1:
                    return tutor.check(rest[0], cell)
                if command == "check":
                    return _error(
                        "check is a cell magic: start a cell with "
                        "`%%jaxtutor check EXERCISE` and write your code below it"
                    )
                if cell is not None:
                    return _error(USAGE)
                if command == "hint" and len(rest) <= 1:
                    return tutor.hint(rest[0] if rest else None)
                if command == "lesson" and len(rest) == 1:
                    return tutor.show_lesson(rest[0])
                if command == "list" and not rest:
                    return tutor.list()
                return _error(USAGE)
            except ValueError as exc:
                return _error(str(exc))

    ipython.register_magics(JaxtutorMagics)


def unload_ipython_extension(ipython) -> None:
    """`%unload_ext jaxtutor` (and `%reload_ext`'s first half): stop the fork server."""
    tutor = _TUTORS.pop(id(ipython), None)
    if tutor is not None:
        tutor.close()


def _error(message: str) -> Shown:
    return Shown(
        f'<p style="color: #cf222e">jaxtutor: {_e(message)}</p>', f"jaxtutor: {inert(message)}"
    )
