"""Every action of the app in one table: its keys, footer label and help text.

The bindings, the help screen and the command palette are all made from this table, so
they cannot disagree. `keys` work everywhere, also while typing in the editor (priority
bindings); they avoid what terminals and tmux swallow: ctrl+h (backspace), ctrl+i (tab),
ctrl+m and ctrl+j (enter), ctrl+s (flow control), ctrl+b (tmux prefix), and never rely on
an F-key alone. `plain` keys work when the focus is outside the editor (Esc leaves it).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding


@dataclass(frozen=True)
class Command:
    action: str
    title: str
    help: str
    keys: str = ""  # priority keys: also inside the editor
    plain: str = ""  # outside the editor only
    footer: bool = False
    palette: bool = True


COMMANDS: tuple[Command, ...] = (
    Command(
        "check",
        "Check",
        "Check your code against the exercise's tests.",
        "ctrl+r,f5",
        "r",
        footer=True,
    ),
    Command(
        "cancel_check", "Cancel check", "Stop the check that is running.", "escape", palette=True
    ),
    Command(
        "hint",
        "Hint",
        "Show the next hint of the ladder (each one is counted).",
        "ctrl+g",
        "h",
        footer=True,
    ),
    Command(
        "cycle_pane",
        "Pane",
        "Move to the next pane: lesson, code, results (Esc in the "
        "lesson or results goes back to the code).",
        "ctrl+f",
        footer=True,
    ),
    Command("toggle_outline", "Outline", "Show or hide the course outline.", "ctrl+o", "o"),
    Command("next_lesson", "Next lesson", "Open the next lesson.", "ctrl+n", "n"),
    Command("previous_lesson", "Previous lesson", "Open the previous lesson.", "ctrl+t", "p"),
    Command(
        "pick_lesson", "Lessons", "Jump to any lesson of the course.", "ctrl+l", "l", footer=True
    ),
    Command(
        "goto_error", "Go to error line", "Put the cursor on the line the error points at.", "", "g"
    ),
    Command(
        "reset",
        "Reset to starter",
        "Start again from the starter code (your draft is kept).",
        "",
        "x",
    ),
    Command(
        "restore_draft",
        "Restore earlier draft",
        "Bring back a draft set aside by a reset.",
        "",
        "u",
    ),
    Command(
        "solution",
        "Show solution",
        "See the reference solution (after passing, or after every hint).",
        "",
        "s",
    ),
    Command(
        "external_editor",
        "Open in $EDITOR",
        "Edit the draft in your own editor; the app waits and reloads it.",
        "",
        "e",
    ),
    Command(
        "toggle_theme", "Light/dark theme", "Switch between the light and the dark theme.", "", "d"
    ),
    Command("help", "Help", "Every key and what it does.", "f1", "question_mark", footer=True),
    Command("quit", "Quit", "Save and leave (your draft is saved).", "ctrl+q", "q", footer=True),
)

BY_ACTION = {command.action: command for command in COMMANDS}


def bindings() -> list[Binding]:
    result = []
    for c in COMMANDS:
        if c.keys:  # run in turn: after the keys typed before it (TutorApp.action_in_turn)
            result.append(
                Binding(
                    c.keys,
                    f"in_turn({c.action!r})",
                    c.title,
                    show=c.footer,
                    priority=True,
                    id=c.action,
                    tooltip=c.help,
                )
            )
        if c.plain:
            result.append(
                Binding(
                    c.plain, c.action, c.title, show=False, id=f"{c.action}.plain", tooltip=c.help
                )
            )
    return result


def shown(keys: str) -> str:
    """Keys as a person reads them: ctrl+r -> ^r, question_mark -> ?."""
    names = {"question_mark": "?", "escape": "Esc", "tab": "Tab"}
    return " / ".join(names.get(k, k.replace("ctrl+", "^")) for k in keys.split(",") if k)
