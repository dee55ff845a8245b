"""The learner's app: course outline, lesson, editor and results.

Checks run in a thread worker and come back as a `CheckFinished` message; a newer check
supersedes an older one and Esc cancels one (its child process is killed at once). The
draft is autosaved shortly after typing stops, at least about once a second while typing
goes on, and on every way out (quit, lesson change, check, $EDITOR).
"""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import time
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, OptionList, Static, TextArea
from textual.worker import Worker, WorkerState, get_current_worker

from jaxtutor.render.safe_text import inert
from jaxtutor.course.active import Course, active_course
from jaxtutor.course.lessons import Lesson
from jaxtutor.learner.progress import ExerciseProgress, Store, home
from jaxtutor.learner.tui import keys
from jaxtutor.learner.tui.commands import TutorCommands
from jaxtutor.learner.tui.widgets import (MARKS, NOT_STARTED_MARK, CodeEditor, LessonView, Outline,
                                  ResultsPane, running_text, status_word)

if TYPE_CHECKING:  # imported where they are used: the first frame needs neither
    from textual.widgets import Tab, Tabs

    from jaxtutor.verdict import Verdict

QUIET_S = 0.5  # save this long after the last keystroke
# ... and at least this often while typing goes on: with the 0.2 s tick, a save every
# 0.6-0.8 s, so that a kill loses at most a second of typing with time to spare for a
# busy moment (at 0.8, saves could come a second apart, which left none)
MAX_UNSAVED_S = 0.6
NARROW_BELOW = 100  # columns: below, one pane at a time behind tabs
WIDE_FROM = 150  # columns: from here lesson, editor and results side by side
# each pane, in the order ^f visits them, and the widget that holds it
PANE_WIDGETS = {"course": "#outline", "lesson": "#lesson-pane", "code": "#editor",
                "results": "#results-pane"}
PANES = tuple(PANE_WIDGETS)


def _screens():
    """The dialogs, imported when the first one opens: the first frame needs none."""
    from jaxtutor.learner.tui import screens

    return screens


def _warm(exercise, pool) -> None:
    from jaxtutor.check import warm  # the engine, imported off the UI thread

    warm(exercise, pool)


class CheckFinished(Message):
    """A check's verdict, for the check numbered `token`."""

    def __init__(self, token: int, lesson_id: str, source: str, verdict: Verdict):
        super().__init__()
        self.token, self.lesson_id, self.source, self.verdict = token, lesson_id, source, verdict


class TutorApp(App, inherit_bindings=False):  # our own ^q, placed last in the footer
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
        course = course if course is not None else active_course()
        self.lessons, self.lesson_errors = course.lessons, course.errors
        self.store = Store()
        self.progress: dict[str, ExerciseProgress] = {
            p.id: p for p in self.store.all_exercises()}
        last = self.store.current_lesson()
        ids = [lesson.id for lesson in self.lessons]
        self.current: Lesson | None = (self.lessons[ids.index(last)] if last in ids
                                       else self.lessons[0] if self.lessons else None)
        self.last_verdict: Verdict | None = None
        self.checking = False
        self._warm = warm
        self._pool = None
        self._token = 0
        self._running_child = None
        self._check_started = 0.0
        self._running_width = 0  # of the running check's line, as last laid out
        self._check_timer = None
        self._saved_text = ""
        self._last_edit: float | None = None
        self._last_input = 0.0  # a key that edited or moved between panes
        self._dirty_since: float | None = None
        self._pane = "code"
        self._outline_hidden = False
        self._editor_preloaded = False
        self._results_tab: Tab | None = None  # set with the tabs, which only narrow terminals need
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
                # load_text would compile it three times, about 20 ms each)
                # soft-wrapped: a long starter line is read whole at 80 columns, not cut
                editor = CodeEditor.code_editor(self._opening_text(), language=None,
                                                id="editor", theme=self._editor_theme(),
                                                soft_wrap=True)
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
        # cost about 30 ms (Textual pauses the collector the same way while scrolling)
        self.call_after_refresh(gc.enable)
        for error in self.lesson_errors:  # a broken lesson file hides only itself
            self.notify(inert(str(error)), title="A lesson could not be loaded", severity="error",
                        timeout=15, markup=False)
        self._apply_size(self.size.width)
        if self.current is None:
            self.query_one("#topbar", Static).update("No lessons found.")
            return
        self._show_lesson(self.current)
        self.set_interval(0.2, self._autosave_tick)
        self.query_one("#editor").focus()
        if self._pane != "code":
            self._focus_pane(self._pane)
        if self._warm:
            # right after the first frame: started once the lesson's text was on screen
            # instead, its start (imports on this thread) came when the learner's first
            # keys did, and keys typed during it went to the pane they had left
            self.call_after_refresh(self._start_pool)

    def _first_pane(self) -> str:
        """Where the keys go first on a narrow terminal: a newcomer to a lesson reads it
        before the code. (Wider terminals show every pane at once.)"""
        new = self.current is not None and self._state(self.current.id).status == "not_started"
        self._pane = "lesson" if new and self.size.width < NARROW_BELOW else "code"
        return self._pane

    def _opening_text(self) -> str:
        if self.current is None:
            return ""
        text = self.store.load_draft(self.current.id)
        return self.current.exercise.starter if text is None else text

    def _start_pool(self) -> None:
        from jaxtutor.runner.host.pool import WarmPool  # starts a child that imports JAX, not us

        if self._pool is not None:  # a check pressed before the first frame's jobs started it
            return
        self._pool = WarmPool()
        self.run_worker(self._warn_if_unjailed, thread=True, group="doctor")
        self._warm_lesson()

    def _warm_lesson(self) -> None:
        """While the learner reads, run the lesson's own programs once in the pool's
        trusted child, so the first check finds JAX's compiled code there. Only once the
        lesson's text is on screen and the keys have rested a second: its imports (numpy,
        the oracles) hold the interpreter in long stretches, which delayed the text, and
        keys typed meanwhile went to the pane they left."""
        # the main screen's, also under a modal; none once the app is closing
        views = self.screen_stack[0].query(LessonView) if self.screen_stack else []
        if self._pool is None or self.current is None or not views:
            return
        exercise = self.current.exercise
        busy = time.monotonic() - self._last_input < 1.0 or self.checking
        if busy or not views.first().text_shown():
            self.set_timer(0.5, lambda: self._warm_lesson() if self.current.exercise is exercise
                           else None)
            return
        self.results.prepare()
        self.run_worker(lambda: _warm(exercise, self._pool), thread=True, group="warm",
                        exit_on_error=False)

    def _warn_if_unjailed(self) -> None:
        """Once, where the machine cannot jail the learner's code (a probe: off the UI thread)."""
        from jaxtutor.runner.host.doctor import warning

        if (text := warning()) is not None:
            self.call_from_thread(self.notify, text, title="Your code runs unjailed",
                                  severity="warning", timeout=20)

    def _pane_tabs(self) -> Tabs:
        """The tabs that choose the one pane a narrow terminal shows."""
        from textual.widgets import Tab, Tabs  # imported with the first tabs, not at start

        self._results_tab = Tab(self._results_label(), id="results")
        return Tabs(Tab("Course", id="course"), Tab("Lesson", id="lesson"),
                    Tab("Code", id="code"), self._results_tab, id="pane-tabs", active=self._pane)

    async def on_resize(self, event) -> None:
        if event.size.width < NARROW_BELOW and self._results_tab is None:
            # awaited, so no key can move to another pane before the tabs show this one
            await self.mount(self._pane_tabs(), before="#panes")
        self._apply_size(event.size.width)

    def _pane_classes(self) -> dict[str, bool]:
        classes = {f"-show-{name}": name == self._pane for name in PANES}
        classes["-outline-hidden"] = self._outline_hidden
        return classes

    def _layout_classes(self, width: int) -> dict[str, bool]:
        return {"-narrow": width < NARROW_BELOW, "-medium": NARROW_BELOW <= width < WIDE_FROM,
                "-wide": width >= WIDE_FROM, **self._pane_classes()}

    def _apply_size(self, width: int) -> None:
        self.update_classes(self._layout_classes(width))  # one restyle of the screen at most
        self._show_pane(self._pane)

    def _narrow(self) -> bool:
        return self.has_class("-narrow")

    def _show_pane(self, pane: str) -> None:
        self._pane, self._last_input = pane, time.monotonic()
        self.update_classes(self._pane_classes())  # one restyle, not one per class
        tabs = self.query_one_optional("#pane-tabs")
        if tabs is not None and tabs.active != pane:
            tabs.active = pane
        if self._narrow() and self.focused is not None and not self.focused.display:
            self._focus_pane(pane)  # never leave the keys going to a hidden editor

    def action_back_to_code(self) -> None:
        self._show_pane("code")
        self.editor.focus()

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

    def _show_lesson(self, lesson: Lesson) -> None:
        self.current = lesson
        self.store.set_current_lesson(lesson.id)
        number = self.lessons.index(lesson) + 1
        self.query_one(LessonView).show(lesson, number, len(self.lessons))
        self._load_editor(self._opening_text())
        self.last_verdict = None
        self.results.show_idle(lesson.exercise.function)
        self._update_hints()
        self._update_status()

    def _load_editor(self, text: str) -> None:
        self._saved_text = text  # loading is not an edit: nothing to save
        preloaded, self._editor_preloaded = self._editor_preloaded, False
        if not (preloaded and self.editor.text == text):  # composed with it: no second parse
            self.editor.load_text(text)
        self.editor.move_cursor((0, 0))

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
        title.append(f" {number}/{len(self.lessons)} {inert(lesson.title, multiline=False)}",
                     style="bold")
        mark, style = MARKS.get(state.status, NOT_STARTED_MARK)
        status = Text(no_wrap=True)
        if self.checking:
            status.append("⟳ checking  ", style="bold")
        status.append(f"{mark} {status_word(state)}", style=style)
        status.append(f" · checks {state.attempts} · hints {state.hints_revealed}/"
                      f"{len(lesson.exercise.hints)} ", style="dim")
        bar = Table.grid(expand=True)  # the title gives way first, the status stays whole
        bar.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        bar.add_column(no_wrap=True, justify="right")
        bar.add_row(title, status)
        self.query_one("#topbar", Static).update(bar)
        if self._results_tab is not None:
            self._results_tab.label = self._results_label()

    def _update_outline(self) -> None:
        if self.current is not None:
            self.query_one(Outline).show(self.lessons, self.progress, self.current.id)

    def _results_label(self) -> str:
        """One width whatever it says: a tab that grew as the results came would leave
        the tabs' underline short of it (Textual measures the tab before its new label)."""
        verdict = self.last_verdict
        mark = ("⟳" if self.checking else " " if verdict is None
                else "✓" if verdict.passed else "✗")
        return f"Results {mark}"

    def _update_hints(self) -> None:
        lesson = self.current
        self.results.show_hints(lesson.exercise.hints, self._state(lesson.id).hints_revealed)

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

    # -- saving the draft --------------------------------------------------------------

    @on(TextArea.Changed, "#editor")
    def _edited(self) -> None:
        now = time.monotonic()
        self._last_edit = self._last_input = now
        if self._dirty_since is None:
            self._dirty_since = now

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

    # -- checking ----------------------------------------------------------------------

    def action_check(self) -> None:
        if self.current is None:
            return
        self.save_draft_now()
        self._kill_running_child()  # a newer check supersedes the older one
        self._token += 1
        self.checking = True
        self._check_started = time.monotonic()
        self._running_width = 0
        if self._check_timer is None:
            self._check_timer = self.set_interval(0.1, self._show_elapsed)
        self._show_elapsed()
        self._update_status()
        if self._warm:
            # pressed before the first frame's jobs ran: without the pool this check
            # started a fresh child and fresh children for the lesson's programs, each
            # importing JAX beside the pool's own (3.5 s instead of 1.7 on two cores)
            self._start_pool()
        self._run_check(self._token, self.current, self.editor.text)

    def _show_elapsed(self) -> None:
        elapsed = time.monotonic() - self._check_started
        text = running_text(elapsed)
        # a tick that keeps the text's width is repainted, not laid out: a layout of the
        # screen every 0.1 s took the app's thread 15-60 ms each, beside the check
        layout, self._running_width = text.cell_len != self._running_width, text.cell_len
        self.results.show_running(text, layout=layout)
        line = self.query_one("#check-line", Static)
        line.update(text, layout=layout)
        line.set_class(True, "-on")

    def _check_ended(self) -> None:
        """No check runs any more: the elapsed time stops showing."""
        self.checking = False
        if self._check_timer is not None:
            self._check_timer.stop()
            self._check_timer = None
        self.query_one("#check-line", Static).set_class(False, "-on")

    @work(thread=True, exclusive=True, group="check", exit_on_error=False)
    def _run_check(self, token: int, lesson: Lesson, source: str) -> None:
        from jaxtutor.check import check_source, limits_for  # keeps the app's start light
        from jaxtutor.runner.host.runners import OneOff

        worker = get_current_worker()
        runners = self._pool or OneOff()
        child = runners.learner(limits_for(lesson.exercise))  # taken here, to be cancelled
        self._running_child = child
        if worker.is_cancelled:
            child.kill()
            return
        verdict = check_source(lesson.exercise, source, filename=f"{lesson.id}.py",
                               runners=runners, child=child)
        if not worker.is_cancelled:
            self.post_message(CheckFinished(token, lesson.id, source, verdict))

    def on_check_finished(self, message: CheckFinished) -> None:
        if message.token != self._token:
            return  # superseded
        self._check_ended()
        self._running_child = None
        from jaxtutor.verdict import Outcome  # already imported by the check

        verdict = message.verdict
        if verdict.outcome is not Outcome.INTERNAL_ERROR:  # our failure is not an attempt
            self.store.record_verdict(verdict, message.source)
        self._refresh_state(message.lesson_id)
        if self.current is None or message.lesson_id != self.current.id:
            self._update_status()
            return
        self.last_verdict = verdict
        self.results.show_verdict(verdict)
        self._update_status(outline_later=True)
        if self._narrow():
            self._show_pane("results")
            self._focus_pane("results")
        if verdict.passed:
            nxt = self._neighbour(+1)
            self.notify(f"Passed! {'^n opens the next lesson.' if nxt else 'That was the last lesson.'}",
                        title=inert(self.current.title, multiline=False), timeout=6)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "check" and event.state is WorkerState.ERROR:
            self._check_ended()
            self.results.show_running(None)
            self._update_status()
            self.notify(inert(f"jaxtutor failed while checking (not your fault): {event.worker.error}"),
                        severity="error", timeout=10, markup=False)

    def _kill_running_child(self) -> None:
        child, self._running_child = self._running_child, None
        if child is not None and child.alive():
            try:  # the worker sees its child gone and ends; it cleans up the rest
                os.killpg(child.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def action_cancel_check(self) -> None:
        if not self.checking:
            return
        self.workers.cancel_group(self, "check")
        self._kill_running_child()
        self._token += 1
        self._check_ended()
        self.results.show_cancelled()
        self._update_status()
        self.notify("Check cancelled.", timeout=3)

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

    # -- hints, solution, reset --------------------------------------------------------

    def action_hint(self) -> None:
        lesson = self.current
        hints = lesson.exercise.hints
        state = self._state(lesson.id)
        if state.hints_revealed >= len(hints):
            self.notify("That was the last hint. `s` (or ^p, Show solution) shows the "
                        "reference solution.", timeout=5)
            return
        self.store.reveal_hint(lesson.id, len(hints))
        self._refresh_state(lesson.id)
        self._update_hints()
        self._update_status()
        if self._narrow():
            self._show_pane("results")
        self.results.scroll_end(animate=False)

    def action_solution(self) -> None:
        lesson = self.current
        state = self._state(lesson.id)
        if state.passed or state.solution_shown_at:
            self._show_solution()
            return
        left = len(lesson.exercise.hints) - state.hints_revealed
        if left > 0:
            self.notify(f"The solution opens after you pass, or after every hint: {left} "
                        "hint(s) left (^g).", timeout=5)
            return
        self.push_screen(_screens().ConfirmScreen(
            "You have not passed this exercise yet. Look at the reference solution anyway?",
            yes="Show it"), lambda yes: self._show_solution() if yes else None)

    def _show_solution(self) -> None:
        self.store.mark_solution_shown(self.current.id)
        self._refresh_state(self.current.id)
        self.push_screen(_screens().SolutionScreen(self.current))

    def action_reset(self) -> None:
        self.push_screen(_screens().ConfirmScreen(
            "Start again from the starter code?\nYour current draft is kept: `u` (or ^p, "
            "Restore earlier draft) brings it back.", yes="Reset"), self._reset_confirmed)

    def _reset_confirmed(self, yes: bool | None) -> None:
        if not yes:
            return
        self.save_draft_now()
        starter = self.current.exercise.starter
        self.store.reset_draft(self.current.id, starter)
        self._load_editor(starter)
        self.notify("Back to the starter code. `u` brings your draft back.", timeout=4)

    def action_restore_draft(self) -> None:
        drafts = self.store.earlier_drafts(self.current.id)
        if not drafts:
            self.notify("No earlier drafts of this exercise.", timeout=3)
            return
        self.push_screen(_screens().draft_picker(drafts), self._restore_chosen)

    def _restore_chosen(self, draft_id: str | None) -> None:
        if draft_id is None:
            return
        self.save_draft_now()
        text = self.store.restore_draft(self.current.id, int(draft_id))
        self._load_editor(text)
        self._saved_text = text
        self.notify("Earlier draft restored; the one it replaced is kept too.", timeout=4)

    # -- moving around -----------------------------------------------------------------

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
        marks = {}
        for lesson in self.lessons:
            mark, style = MARKS.get(self._state(lesson.id).status, NOT_STARTED_MARK)
            marks[lesson.id] = Text(mark, style=style)
        self.push_screen(_screens().lesson_picker(self.lessons, marks, self.current.id),
                         lambda chosen: self.open_lesson(chosen) if chosen else None)

    @on(OptionList.OptionSelected, "#outline")
    def _outline_chosen(self, event: OptionList.OptionSelected) -> None:
        self.open_lesson(event.option.id)

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:  # by name: @on needs Tabs
        # a tab that is no longer the active one is stale: two pane changes before the first
        # one's message arrives (a verdict and a key, say) would each flip the pane back, forever
        tab = event.tab.id
        if event.control.id == "pane-tabs" and tab == event.control.active and tab != self._pane:
            self._show_pane(tab)
            self._focus_pane(tab)

    def _focus_pane(self, pane: str) -> None:
        self.query_one(PANE_WIDGETS[pane]).focus()

    def action_cycle_pane(self) -> None:
        order = [p for p in PANES if not (p == "course" and (self._outline_hidden
                                                             or self._narrow()))]
        focused = self.focused
        current = self._pane
        if not self._narrow():  # all panes visible: follow the focus
            for pane in order:
                node = self.query_one(PANE_WIDGETS[pane])
                if focused is not None and (focused is node or node in focused.ancestors):
                    current = pane
        nxt = order[(order.index(current) + 1) % len(order)] if current in order else "code"
        self._show_pane(nxt)
        self._focus_pane(nxt)

    def action_toggle_outline(self) -> None:
        if self._narrow():  # the outline is a tab of its own here
            self._show_pane("code" if self._pane == "course" else "course")
            self._focus_pane(self._pane)
            return
        self._outline_hidden = not self._outline_hidden
        self._show_pane(self._pane if self._pane != "course" else "code")
        if self._outline_hidden and self.focused is self.query_one("#outline"):
            self.editor.focus()

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

    @on(Button.Pressed, "#goto-line")
    def _goto_pressed(self) -> None:
        self.action_goto_error()

    # -- the rest ----------------------------------------------------------------------

    def get_system_commands(self, screen):
        """Textual's own palette entries, less those the app has (Quit, Help and a theme
        switch it remembers); the screenshot goes to a folder that exists."""
        for command in super().get_system_commands(screen):
            if command.title in ("Quit", "Keys", "Theme"):
                continue
            if command.title == "Screenshot":
                command = SystemCommand(command.title, "Save an SVG picture of the screen "
                                        "(in ~/Downloads, or the jaxtutor folder without one)",
                                        lambda: self.set_timer(0.1, self.save_screenshot))
            yield command

    def save_screenshot(self) -> None:
        from platformdirs import user_downloads_path  # Textual's own choice of folder

        folder = user_downloads_path()
        if not folder.is_dir():
            folder = home() / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
        self.deliver_screenshot(path=str(folder))

    def action_help(self) -> None:
        self.push_screen(_screens().HelpScreen())

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if "dark" in self.theme else "textual-dark"
        self.store.set_setting("theme", self.theme)

    def action_external_editor(self) -> None:
        command = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        if not command:
            self.notify("Set $EDITOR (for example `export EDITOR=nano`), or use "
                        f"`jaxtutor watch {self.current.id}` beside your editor.",
                        severity="warning", timeout=8)
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
            self.notify(inert(f"Could not open {command}: {exc}"), severity="error", timeout=6,
                        markup=False)
            return
        text = path.read_text(encoding="utf-8", errors="replace")
        if text != self.editor.text:
            self.editor.load_text(text)
            self.save_draft_now()
            self.notify("Reloaded the draft from your editor.", timeout=3)

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
