"""The draft in the editor: what it opens with, the autosave, a reset to the starter and
back, and editing it in the learner's own $EDITOR.

The draft is saved shortly after typing stops, at least about once a second while typing
goes on, and on every way out (quit, lesson change, check, $EDITOR).
"""

from __future__ import annotations

import os
import subprocess
import time

from jaxtutor.learner.progress import home
from jaxtutor.render.safe_text import inert

TICK_S = 0.2  # how often the autosave looks whether a save is due
QUIET_S = 0.5  # save this long after the last keystroke
# ... and at least this often while typing goes on: with the tick, a save every
# 0.6-0.8 s, so that a kill loses at most a second of typing with time to spare for a
# busy moment (at 0.8, saves could come a second apart, which left none)
MAX_UNSAVED_S = 0.6


class DraftsMixin:
    """The draft of `TutorApp`'s current lesson."""

    def __init__(self) -> None:
        super().__init__()
        self._saved_text = ""
        self._last_edit: float | None = None
        self._dirty_since: float | None = None
        self._editor_preloaded = False  # composed with the opening text: see _load_editor

    def _opening_text(self) -> str:
        if self.current is None:
            return ""
        text = self.store.load_draft(self.current.id)
        return self.current.exercise.starter if text is None else text

    def _load_editor(self, text: str) -> None:
        self._saved_text = text  # loading is not an edit: nothing to save
        preloaded, self._editor_preloaded = self._editor_preloaded, False
        if not (preloaded and self.editor.text == text):  # composed with it: no second parse
            self.editor.load_text(text)
        self.editor.move_cursor((0, 0))

    # -- the autosave ------------------------------------------------------------------

    def on_text_area_changed(self, event) -> None:
        # by name, not @on(TextArea.Changed, "#editor"): Textual gathers @on handlers
        # from the classes its metaclass builds, which a mixin is not
        if event.control.id != "editor":
            return
        now = time.monotonic()
        self._last_edit = self._last_input = now
        if self._dirty_since is None:
            self._dirty_since = now
        if self._kept is not None:
            self.draft_changed(event.text_area.text)

    def _autosave_tick(self) -> None:
        if self._dirty_since is None:
            return
        now = time.monotonic()
        if now - self._last_edit >= QUIET_S or now - self._dirty_since >= MAX_UNSAVED_S:
            self.save_draft_now()

    def save_draft_now(self) -> None:
        """Write the editor's text if it changed since the last save."""
        self._dirty_since = None
        if self.current is None:
            return
        text = self.editor.text
        if text != self._saved_text:
            self.store.save_draft(self.current.id, text)
            self._saved_text = text
            before = self._state(self.current.id).status
            self._refresh_state(self.current.id)
            if self._state(self.current.id).status != before:
                self._update_status()

    # -- reset and restore -------------------------------------------------------------

    def action_reset(self) -> None:
        from jaxtutor.learner.tui.screens import ConfirmScreen  # the dialogs: not at start

        self.push_screen(
            ConfirmScreen(
                "Start again from the starter code?\nYour current draft is kept: `u` (or ^p, "
                "Restore earlier draft) brings it back.",
                yes="Reset",
            ),
            self._reset_confirmed,
        )

    def _reset_confirmed(self, yes: bool | None) -> None:
        if not yes:
            return
        self.save_draft_now()
        starter = self.current.exercise.starter
        self.store.reset_draft(self.current.id, starter)
        self._load_editor(starter)
        self.notify("Back to the starter code. `u` brings your draft back.", timeout=4)

    def action_restore_draft(self) -> None:
        from jaxtutor.learner.tui.screens import draft_picker

        drafts = self.store.earlier_drafts(self.current.id)
        if not drafts:
            self.notify("No earlier drafts of this exercise.", timeout=3)
            return
        self.push_screen(draft_picker(drafts), self._restore_chosen)

    def _restore_chosen(self, draft_id: str | None) -> None:
        if draft_id is None:
            return
        self.save_draft_now()
        text = self.store.restore_draft(self.current.id, int(draft_id))
        self._load_editor(text)
        self._saved_text = text
        self.notify("Earlier draft restored; the one it replaced is kept too.", timeout=4)

    # -- $EDITOR -----------------------------------------------------------------------

    def action_external_editor(self) -> None:
        command = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        if not command:
            self.notify(
                "Set $EDITOR (for example `export EDITOR=nano`), or use "
                f"`jaxtutor watch {self.current.id}` beside your editor.",
                severity="warning",
                timeout=8,
            )
            return
        self.save_draft_now()
        path = home() / "drafts" / f"{self.current.id}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.editor.text, encoding="utf-8")
        import shlex

        try:
            with self.suspend():
                subprocess.run([*shlex.split(command), str(path)], check=False)
        except Exception as exc:  # no terminal to hand over (e.g. headless), or no editor
            self.notify(
                inert(f"Could not open {command}: {exc}"), severity="error", timeout=6, markup=False
            )
            return
        text = path.read_text(encoding="utf-8", errors="replace")
        if text != self.editor.text:
            self.editor.load_text(text)
            self.save_draft_now()
            self.notify("Reloaded the draft from your editor.", timeout=3)
