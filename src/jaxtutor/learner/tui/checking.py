"""A check of the draft: run in a thread worker, its verdict back as a `CheckFinished`
message, the elapsed time shown meanwhile.

A newer check supersedes an older one and Esc cancels one; either kills the running
check's child at once. The engine is imported inside the worker, never by the app's
first frame.
"""

from __future__ import annotations

import os
import signal
import time
from typing import TYPE_CHECKING

from textual import work
from textual.message import Message
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from jaxtutor.learner.tui.widgets import running_text
from jaxtutor.render.safe_text import inert

if TYPE_CHECKING:
    from jaxtutor.course.lessons import Lesson
    from jaxtutor.verdict import Verdict


class CheckFinished(Message):
    """A check's verdict, for the check numbered `token`."""

    def __init__(self, token: int, lesson_id: str, source: str, verdict: Verdict):
        super().__init__()
        self.token, self.lesson_id, self.source, self.verdict = token, lesson_id, source, verdict


class CheckJudged(Message):
    """A failed check's verdict, before its cause is found, for the check numbered `token`."""

    def __init__(self, token: int, lesson_id: str, verdict: Verdict):
        super().__init__()
        self.token, self.lesson_id, self.verdict = token, lesson_id, verdict


class CheckingMixin:
    """The checks of `TutorApp`."""

    def __init__(self) -> None:
        super().__init__()
        self.checking = False
        self._token = 0  # the running check's number: an older check's verdict is dropped
        self._running_child = None
        self._check_started = 0.0
        self._running_width = 0  # of the running check's line, as last laid out
        self._check_timer = None
        self._judged = False  # the running check's verdict is shown; its cause is not yet

    def action_check(self) -> None:
        if self.current is None:
            return
        self.save_draft_now()
        self._kill_running_child()  # a newer check supersedes the older one
        self._token += 1
        self.checking = True
        self._kept = None  # the running line takes the place of the kept verdict's note
        self._check_started = time.monotonic()
        self._running_width = 0
        self._judged = False
        if self._check_timer is None:
            self._check_timer = self.set_interval(0.1, self._show_elapsed)
        self._show_elapsed()
        self._update_status()
        if self._warm:
            # pressed before the first frame's jobs ran: without the pool this check
            # started a fresh child and fresh children for the lesson's programs, each
            # importing JAX beside the pool's own, all on the same cores
            self._start_pool()
        self._run_check(self._token, self.current, self.editor.text)

    def _show_elapsed(self) -> None:
        elapsed = time.monotonic() - self._check_started
        text = running_text(elapsed, self._judged)
        # a tick that keeps the text's width is repainted, not laid out: laying out the
        # screen ten times a second kept the app's thread, whose interpreter the check's
        # trusted side shares, busy beside the check
        layout, self._running_width = text.cell_len != self._running_width, text.cell_len
        self.results.show_running(text, layout=layout, stale=not self._judged)
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

        def judged(verdict: Verdict) -> None:
            if not worker.is_cancelled:
                self.post_message(CheckJudged(token, lesson.id, verdict))

        verdict = check_source(
            lesson.exercise,
            source,
            filename=f"{lesson.id}.py",
            runners=runners,
            child=child,
            judged=judged,
        )
        if not worker.is_cancelled:
            self.post_message(CheckFinished(token, lesson.id, source, verdict))

    def on_check_judged(self, message: CheckJudged) -> None:
        """The verdict, while the check still looks for its cause: shown, not recorded
        (the finished check's verdict is)."""
        if message.token != self._token or not self.checking:
            return  # superseded, cancelled or already finished
        if self.current is None or message.lesson_id != self.current.id:
            return
        self._judged = True
        self.results.show_verdict(message.verdict)
        if self._narrow():
            self._show_pane("results")
        self._running_width = 0
        self._show_elapsed()

    def on_check_finished(self, message: CheckFinished) -> None:
        if message.token != self._token:
            return  # superseded
        self._check_ended()
        self._running_child = None
        from jaxtutor.verdict import Outcome  # already imported by the check

        verdict = message.verdict
        if verdict.outcome is not Outcome.INTERNAL_ERROR:  # our failure is not an attempt
            from jaxtutor.learner.reviews import record_check

            record_check(self.store, self.lessons, verdict, message.source)
        self._refresh_state(message.lesson_id)
        if self.current is None or message.lesson_id != self.current.id:
            self._update_status()
            return
        self.show_verdict(verdict)

    def show_verdict(self, verdict: Verdict) -> None:
        """Show `verdict` as the current lesson's last, as a finished check does: in the
        results (on their own pane at 80 columns), the top bar and the outline, and a note
        when it passed. Recording it in the progress is the check's part."""
        self.last_verdict = verdict
        self.results.show_verdict(verdict)
        self._update_status(outline_later=True)
        if self._narrow():
            self._show_pane("results")
            self._focus_pane("results")
        if verdict.passed:  # one line, without a title: the top bar names the lesson
            nxt = self._neighbour(+1)
            self.notify(
                f"Passed! {'^n opens the next lesson.' if nxt else 'That was the last lesson.'}",
                timeout=6,
            )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "check" and event.state is WorkerState.ERROR:
            self._check_ended()
            self.results.show_running(None)
            self._update_status()
            self.notify(
                inert(f"jaxtutor failed while checking (not your fault): {event.worker.error}"),
                severity="error",
                timeout=10,
                markup=False,
            )

    def _kill_running_child(self) -> None:
        child, self._running_child = self._running_child, None
        if child is not None and child.alive():
            # a signal, not child.kill(): that returns only once the run's processes are
            # gone and reaped, which would hold up the app's thread. The worker sees its
            # child gone and ends; it kills and reaps the rest
            try:
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
