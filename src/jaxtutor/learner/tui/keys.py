"""Every key of the app in one place: the app's actions with their keys, footer label and
help text (`COMMANDS`), and every key of the editor (`EDITOR`), those Textual's TextArea
binds and those the app's editor adds.

The bindings, the help screen and the command palette are all made from these tables, so
they cannot disagree (a test holds `EDITOR` to the editor's bindings).

A command's `keys` work everywhere, also while typing in the editor (priority bindings);
they avoid what terminals and tmux swallow: ctrl+h (backspace), ctrl+i (tab), ctrl+m and
ctrl+j (enter), ctrl+s (flow control), ctrl+b (tmux prefix), and never rely on an F-key
alone. `plain` keys work when the focus is outside the editor (Esc leaves it).
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


@dataclass(frozen=True)
class EditorKey:
    """Keys of the editor and what they do. `action`: the editor's own binding (made here
    for CodeEditor); without one, TextArea binds the keys or its key handler reads them."""

    group: str
    keys: str
    help: str
    action: str = ""
    label: str = ""  # how the help shows the keys, where `shown` would be long

    def shown(self) -> str:
        return self.label or shown(self.keys)


EDITOR: tuple[EditorKey, ...] = (
    EditorKey("Move", "up,down,left,right", "move the cursor", label="↑ ↓ ← →"),
    EditorKey("Move", "ctrl+left,ctrl+right", "a word left / right"),
    EditorKey("Move", "home,ctrl+a", "start of the line"),
    EditorKey("Move", "end,ctrl+e", "end of the line"),
    EditorKey("Move", "pageup,pagedown", "a page up / down"),
    EditorKey("Move", "ctrl+home", "start of the code", "cursor_document_start"),
    EditorKey("Move", "ctrl+end", "end of the code", "cursor_document_end"),
    EditorKey(
        "Select",
        "shift+up,shift+down,shift+left,shift+right",
        "select as you move",
        label="Shift+↑ ↓ ← →",
    ),
    EditorKey(
        "Select",
        "ctrl+shift+left,ctrl+shift+right",
        "select a word left / right",
        label="^Shift+← / →",
    ),
    EditorKey("Select", "shift+home,shift+end", "select to the start / end of the line"),
    EditorKey(
        "Select",
        "ctrl+shift+home",
        "select to the start of the code",
        "cursor_document_start(True)",
    ),
    EditorKey(
        "Select", "ctrl+shift+end", "select to the end of the code", "cursor_document_end(True)"
    ),
    EditorKey("Select", "f6", "select the line"),
    EditorKey("Select", "f7", "select all"),
    EditorKey("Edit", "enter", "new line, indented as Python needs"),
    EditorKey("Edit", "tab", "indent"),
    EditorKey("Edit", "backspace", "delete the character left"),
    EditorKey("Edit", "delete,ctrl+d", "delete the character right"),
    EditorKey("Edit", "ctrl+w,ctrl+backspace,alt+backspace", "delete the word left"),
    EditorKey("Edit", "alt+delete", "delete the word right"),
    EditorKey("Edit", "ctrl+u,super+backspace", "delete to the start of the line"),
    EditorKey("Edit", "ctrl+k", "delete to the end of the line (an empty line: the line)"),
    EditorKey("Edit", "ctrl+shift+k", "delete the line"),
    EditorKey("Edit", "ctrl+x,super+x", "cut"),
    EditorKey("Edit", "ctrl+c,super+c", "copy"),
    EditorKey("Edit", "ctrl+v", "paste"),
    EditorKey("Edit", "ctrl+z,super+z", "undo"),
    EditorKey("Edit", "ctrl+y,super+y", "redo"),
    EditorKey("Edit", "escape", "leave the editor (then the one-letter keys work)"),
)

# keys TextArea binds that do nothing in the app's editor, so the help leaves them out:
# a page sideways, where the editor wraps every line
EDITOR_IDLE = ("ctrl+pageup", "ctrl+pagedown")

# outside the editor: Textual's focus keys, and the keys of the lists and panes
ELSEWHERE: tuple[EditorKey, ...] = (
    EditorKey("", "tab,shift+tab", "the next / previous pane"),
    EditorKey(
        "",
        "up,down,pageup,pagedown",
        "scroll the lesson or results; move in a list",
        label="↑ ↓ PgUp PgDn",
    ),
    EditorKey("", "enter", "open the lesson chosen in the outline or a list"),
    EditorKey("", "escape", "back to the code; close a dialog (q too)"),
)


def editor_bindings() -> list[Binding]:
    """The bindings the app's editor adds to TextArea's."""
    return [Binding(k.keys, k.action, k.help, show=False) for k in EDITOR if k.action]


_NAMES = {
    "question_mark": "?",
    "escape": "Esc",
    "tab": "Tab",
    "enter": "Enter",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "backspace": "Backspace",
    "delete": "Del",
}
_MODIFIERS = {"ctrl": "^", "shift": "Shift+", "alt": "Alt+", "super": "Super+"}


def shown(keys: str) -> str:
    """Keys as a person reads them: ctrl+r -> ^r, f5 -> F5, question_mark -> ?,
    ctrl+shift+left -> ^Shift+←."""
    return " / ".join(_shown_key(k) for k in keys.split(",") if k)


def _shown_key(key: str) -> str:
    *modifiers, name = key.split("+")
    if len(name) > 1 and name[0] == "f" and name[1:].isdigit():
        name = name.upper()
    return "".join(_MODIFIERS[m] for m in modifiers) + _NAMES.get(name, name)
