"""The learner's app: course outline, lesson, editor and results.

`TutorApp` is made of one mixin per concern, each in a module of its own: the panes
(layout.py), the draft and its autosave (drafts.py), the checks (checking.py), the hints
(hints.py), the way between lessons (navigation.py) and the warm pool (warmup.py). Here
is what they share: the screen's widgets, the lesson shown, the top bar and the keys.
"""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Footer, Static, TextArea

from jaxtutor.course.active import Course, active_course
from jaxtutor.course.lessons import Lesson
from jaxtutor.learner.progress import ExerciseProgress, Store, home
from jaxtutor.learner.reviews import asked
from jaxtutor.learner.tui import keys
from jaxtutor.learner.tui.checking import CheckingMixin
from jaxtutor.learner.tui.commands import TutorCommands
from jaxtutor.learner.tui.drafts import TICK_S, DraftsMixin
from jaxtutor.learner.tui.hints import HintsMixin
from jaxtutor.learner.tui.layout import NARROW_BELOW, LayoutMixin
from jaxtutor.learner.tui.navigation import NavigationMixin
from jaxtutor.learner.tui.warmup import WarmUpMixin
from jaxtutor.learner.tui.widgets import (
    MARKS,
    NOT_STARTED_MARK,
    CodeEditor,
    LessonView,
    Outline,
    ResultsPane,
    ago,
    status_word,
)
from jaxtutor.render.safe_text import inert

if TYPE_CHECKING:  # imported by the check, after the first frame
    from jaxtutor.verdict import Verdict


class TutorApp(
    LayoutMixin,
    DraftsMixin,
    CheckingMixin,
    HintsMixin,
    NavigationMixin,
    WarmUpMixin,
    App,
    inherit_bindings=False,
):  # our own ^q, placed last in the footer
    CSS_PATH = "app.tcss"
    TITLE = "jaxtutor"
    BINDINGS = keys.bindings()
    COMMANDS = App.COMMANDS | {TutorCommands}
    # the editor has the keys from the start: focusing the first pane and then moving the
    # focus would restyle both on the way to the first frame (dialogs keep "*")
    AUTO_FOCUS = "#editor"

    def __init__(self, course: Course | None = None, warm: bool = True):
        """`course`: the active course (course/active.py); by default the built-in one
        and the packs of JAXTUTOR_LESSONS."""
        super().__init__()
        self.course = course = course if course is not None else active_course()
        self.store = Store()
        # each lesson as the learner is asked it: a review's variant of its task stays
        self.lessons = [asked(self.store, lesson) for lesson in course.lessons]
        self.lesson_errors = course.errors
        self.progress: dict[str, ExerciseProgress] = {p.id: p for p in self.store.all_exercises()}
        last = self.store.current_lesson()
        ids = [lesson.id for lesson in self.lessons]
        self.current: Lesson | None = (
            self.lessons[ids.index(last)]
            if last in ids
            else self.lessons[0]
            if self.lessons
            else None
        )
        self.last_verdict: Verdict | None = None
        # the draft's text and the time of its last check, while that check's verdict is
        # shown as one of this very draft: the first edit says it changed since
        self._kept: tuple[str, float] | None = None
        # ((the newest check, the day), each lesson's weakest skill's estimate)
        self._weak: tuple[tuple[int, int], dict[str, float]] | None = None
        self._warm = warm
        self._last_input = 0.0  # a key that edited or moved between panes
        self.theme = self.store.setting("theme") or "textual-dark"

    # -- building the screen -----------------------------------------------------------

    def compose(self) -> ComposeResult:
        self._first_pane()
        # the layout classes go on before the panes mount, so they are styled once, not twice
        self.update_classes(self._layout_classes(self.size.width))
        yield Static(id="topbar")
        if self.size.width < NARROW_BELOW:  # wider, they would be mounted and never shown
            yield self._pane_tabs()
        with Horizontal(id="panes"):
            yield Outline(id="outline")
            yield LessonView(id="lesson-pane")
            with Horizontal(id="work"):
                # built with its text and no language, then given one: tree-sitter's
                # highlight query is compiled once (code_editor(language=...) and
                # load_text would compile it three times)
                # soft-wrapped: a long starter line is read whole at 80 columns, not cut
                editor = CodeEditor.code_editor(
                    self._opening_text(),
                    language=None,
                    id="editor",
                    theme=self._editor_theme(),
                    soft_wrap=True,
                )
                # coloured just after the first frame: compiling tree-sitter's highlight
                # query kept the lesson's text off the screen for longer than the code
                # shows plain
                self.call_after_refresh(editor.colour_as, "python")
                self._editor_preloaded = True
                yield editor
                yield ResultsPane(id="results-pane")
                # at 80 columns the results are behind a tab: a running check shows here
                yield Static(id="check-line")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        # `run` pauses the garbage collector until the first frame is drawn: what is made on
        # the way there (modules, widgets, styles) lives on, and searching it for garbage
        # only held the first frame back (Textual pauses the collector the same way while
        # scrolling)
        self.call_after_refresh(gc.enable)
        for error in self.lesson_errors:  # a broken lesson file hides only itself
            self.notify(
                inert(str(error)),
                title="A lesson could not be loaded",
                severity="error",
                timeout=15,
                markup=False,
            )
        self._apply_size(self.size.width)
        if self.current is None:
            self.query_one("#topbar", Static).update("No lessons found.")
            return
        self._show_lesson(self.current, starting=True)
        self.set_interval(TICK_S, self._autosave_tick)
        self.query_one("#editor").focus()
        if self._pane != "code":
            self._focus_pane(self._pane)
        if self._warm:
            # right after the first frame: started once the lesson's text was on screen
            # instead, its start (imports on this thread) came when the learner's first
            # keys did, and keys typed during it went to the pane they had left
            self.call_after_refresh(self._start_pool)

    def _editor_theme(self) -> str:
        return "github_light" if "light" in self.theme else "monokai"

    def watch_theme(self, theme: str) -> None:
        try:
            self.query_one("#editor", TextArea).theme = self._editor_theme()
            self.query_one(LessonView).redraw()
        except Exception:  # not composed yet
            pass

    # -- showing a lesson --------------------------------------------------------------

    @property
    def editor(self) -> TextArea:
        return self.query_one("#editor", TextArea)

    @property
    def results(self) -> ResultsPane:
        return self.query_one("#results-pane", ResultsPane)

    def _state(self, lesson_id: str) -> ExerciseProgress:
        return self.progress.get(lesson_id) or ExerciseProgress(lesson_id)

    def _refresh_state(self, lesson_id: str) -> None:
        self.progress[lesson_id] = self.store.exercise(lesson_id)

    def _show_lesson(self, lesson: Lesson, starting: bool = False) -> None:
        """`starting`: in the app's first frame."""
        self.current = lesson
        self.store.set_current_lesson(lesson.id)
        number = self.lessons.index(lesson) + 1
        self.query_one(LessonView).show(lesson, number, len(self.lessons))
        self._load_editor(self._opening_text())
        self.last_verdict, self._kept = None, None
        self.results.show_idle(lesson.exercise.function)
        self._show_last_check(lesson, starting)
        self._update_hints()
        self._update_status()

    def _show_last_check(self, lesson: Lesson, starting: bool = False) -> None:
        """The verdict of the lesson's last check, kept with its draft: shown again with
        the lesson, marked as the last check of this draft, or of an earlier version.
        `starting`: its step table after the first frame (mounting one took 13 ms)."""
        last = self.store.last_check(lesson.id)
        if last is None:
            return
        from jaxtutor.verdict import Verdict  # only where a check was kept

        try:
            verdict = Verdict.from_json(last.verdict)
        except (KeyError, TypeError, ValueError, AttributeError):
            return  # kept by a version that wrote it otherwise: "No check yet" stands
        text = self.editor.text
        judged = last.judged(text)
        self.last_verdict = verdict
        self.results.show_verdict(verdict, table_later=starting)
        self.results.show_last_check(ago(last.at), changed=not judged)
        self._kept = (text, last.at) if judged else None

    def draft_changed(self, text: str) -> None:
        """The editor's text changed: a kept verdict of this draft now is of an earlier one."""
        if self._kept is not None and text != self._kept[0]:
            self.results.show_last_check(ago(self._kept[1]), changed=True)
            self._kept = None

    def _update_status(self, outline_later: bool = False) -> None:
        """The top bar and the outline. `outline_later`: the outline after the next frame,
        so that a verdict is drawn first (a changed mark re-renders every entry)."""
        lesson = self.current
        if lesson is None:
            return
        state = self._state(lesson.id)
        number = self.lessons.index(lesson) + 1
        if outline_later:
            self.call_after_refresh(self._update_outline)
        else:
            self._update_outline()
        title = Text(no_wrap=True, overflow="ellipsis")
        title.append(" jaxtutor ", style="bold reverse")
        title.append(
            f" {number}/{len(self.lessons)} {inert(lesson.title, multiline=False)}", style="bold"
        )
        mark, style = MARKS.get(state.status, NOT_STARTED_MARK)
        status = Text(no_wrap=True)
        if self.checking:
            status.append("⟳ checking  ", style="bold")
        status.append(f"{mark} {status_word(state)}", style=style)
        status.append(
            f" · checks {state.attempts} · hints {state.hints_revealed}/"
            f"{len(lesson.exercise.hints)} ",
            style="dim",
        )
        bar = Table.grid(expand=True)  # the title gives way first, the status stays whole
        bar.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        bar.add_column(no_wrap=True, justify="right")
        bar.add_row(title, status)
        self.query_one("#topbar", Static).update(bar)
        if self._results_tab is not None:
            self._results_tab.label = self._results_label()

    def _update_outline(self) -> None:
        if self.current is not None:
            outline = self.query_one(Outline)
            outline.show(self.lessons, self.progress, self.current.id, self._weakest())

    def _weakest(self) -> dict[str, float]:
        """Each lesson's weakest skill, where checks have told one: from the saved
        checks (learner/mastery.py), again only when a check was added since, or a day
        has passed (a skill is forgotten by the day)."""
        from jaxtutor.learner.mastery import DAY_S, mastery, weakest

        now = time.time()
        newest = (self.store.last_attempt(), int(now // DAY_S))
        if self._weak is None or self._weak[0] != newest:
            attempts = self.store.attempts(sources=False)
            skills = mastery(attempts, self.lessons, now=now)
            found = {}
            for lesson in self.lessons:
                if (skill := weakest(lesson, skills)) is not None:
                    found[lesson.id] = skill.known
            self._weak = (newest, found)
        return self._weak[1]

    # -- keys --------------------------------------------------------------------------

    def action_in_turn(self, action: str) -> None:
        """A command key, run after the keys typed before it. Its binding has priority (it
        works while typing), so the app runs it the moment it reads the key, while the
        characters typed just before still wait in the editor's queue: ^r checked a draft
        without its last characters, and ^n took them to the next lesson
        (docs/known-issues.md). The focused pane's queue runs it after them."""
        (self.focused or self.screen).call_later(self.run_action, action)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "in_turn":
            return self.check_action(parameters[0], ())
        if isinstance(self.screen, ModalScreen) and action in keys.BY_ACTION and action != "quit":
            return False  # let the dialog have its keys
        if action == "cancel_check":
            return self.checking  # otherwise Esc means "leave the editor"
        return True

    # -- the rest ----------------------------------------------------------------------

    def get_system_commands(self, screen):
        """Textual's own palette entries, less those the app has (Quit, Help and a theme
        switch it remembers); the screenshot goes to a folder that exists."""
        for command in super().get_system_commands(screen):
            if command.title in ("Quit", "Keys", "Theme"):
                continue
            if command.title == "Screenshot":
                command = SystemCommand(
                    command.title,
                    "Save an SVG picture of the screen "
                    "(in ~/Downloads, or the jaxtutor folder without one)",
                    lambda: self.set_timer(0.1, self.save_screenshot),
                )
            yield command

    def save_screenshot(self) -> None:
        from platformdirs import user_downloads_path  # Textual's own choice of folder

        folder = user_downloads_path()
        if not folder.is_dir():
            folder = home() / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
        self.deliver_screenshot(path=str(folder))

    def action_help(self) -> None:
        from jaxtutor.learner.tui.screens import HelpScreen  # the dialogs: not at start

        self.push_screen(HelpScreen())

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if "dark" in self.theme else "textual-dark"
        self.store.set_setting("theme", self.theme)

    async def action_quit(self) -> None:
        self.save_draft_now()
        self.exit()

    def on_unmount(self) -> None:
        try:
            self.save_draft_now()
        except Exception:  # the widgets may be gone already; the last autosave stands
            pass
        self.action_cancel_check()
        if self._pool is not None:
            self._pool.close()
        self.store.close()
