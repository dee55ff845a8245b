"""A verdict as a readable terminal report (Rich), for `check` and `watch`."""

from __future__ import annotations

import shlex

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from jaxtutor.render.safe_text import inert, inert_text
from jaxtutor.verdict import Verdict

_STYLE = {"pass": "bold green", "fail": "bold red", "error": "bold yellow"}
_MARK = {"pass": "✓", "fail": "✗", "error": "!"}


def step_table(verdict: Verdict) -> Table | None:
    diagnosis = verdict.diagnosis
    if not diagnosis or not diagnosis.table:
        return None
    columns = [inert_text(str(c), multiline=False) for c in diagnosis.table.columns]
    table = Table(title="Step by step", title_justify="left")
    for column in columns:  # Table(*headers) takes only str or Column in rich 15
        table.add_column(column)
    for i, row in enumerate(diagnosis.table.rows):
        table.add_row(
            *(inert_text(str(cell)) for cell in row),
            style="bold red" if i == diagnosis.table.highlight else None,
        )
    return table


def render(verdict: Verdict, again: list[str] | None = None) -> Group:
    """The verdict for a terminal. `again`: the command that checked it, which the seed
    makes repeat the same hidden cases."""
    parts = [
        Text(
            f"{_MARK[verdict.status]} {verdict.exercise}: {verdict.outcome.title}",
            style=_STYLE[verdict.status],
        ),
        inert_text(verdict.message),
    ]
    # the mistake and its step table right after the verdict; the cases, whose hidden
    # inputs can run to pages, after them
    if verdict.diagnosis:
        parts.append(
            Text(
                f"Misconception: {inert(verdict.diagnosis.id, multiline=False)}",
                style="bold magenta",
            )
        )
    if (table := step_table(verdict)) is not None:
        parts.append(table)
    for test in verdict.tests:
        line = Text(
            f"  {_MARK[test.status]} {inert(test.name, multiline=False)}", style=_STYLE[test.status]
        )
        if test.message and test.status != "pass":
            line.append(f"  {inert(test.message)}", style="default")
        parts.append(line)
    if verdict.output.strip():
        parts.append(
            Panel(
                inert_text(verdict.output.rstrip()[-2000:]),
                title="Your program printed",
                title_align="left",
                border_style="dim",
            )
        )
    if verdict.hint:
        parts.append(Text(f"Hint: {inert(verdict.hint)}", style="cyan"))
    # the hidden cases change every run: say how to get this run's again, when one ran
    hidden = any(test.name.startswith("hidden case") for test in verdict.tests)
    repeat = ""
    if verdict.seed is not None and verdict.status != "pass" and hidden:
        command = shlex.join(
            [
                *(again or ["jaxtutor", "check", verdict.exercise, "FILE"]),
                "--seed",
                str(verdict.seed),
            ]
        )
        repeat = f"; `{command}` repeats these hidden cases"
    parts.append(Text(f"({verdict.duration_s:.2f} s{repeat})", style="dim"))
    return Group(*parts)


def print_verdict(
    verdict: Verdict, console: Console | None = None, again: list[str] | None = None
) -> None:
    (console or Console()).print(render(verdict, again))


def check_command(exercise: str, file: str, lessons: str | None = None) -> list[str]:
    """`jaxtutor check` of this exercise and file, with the lesson pack it needs."""
    return ["jaxtutor", *(["--lessons", lessons] if lessons else []), "check", exercise, file]
