"""The warm pool the checks take their children from, started after the first frame, and
the warm-up of the lesson while the learner reads it."""

from __future__ import annotations

import time

from jaxtutor.learner.tui.widgets import LessonView


def _warm(exercise, pool) -> None:
    from jaxtutor.check import warm  # the engine, imported off the UI thread

    warm(exercise, pool)


class WarmUpMixin:
    """The pool of `TutorApp` (None until started) and the warm-up of its lessons."""

    def __init__(self) -> None:
        super().__init__()
        self._pool = None

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
            self.set_timer(
                0.5, lambda: self._warm_lesson() if self.current.exercise is exercise else None
            )
            return
        self.results.prepare()
        if self._pool.on_demand:  # `serve`: no process, nor the engine's imports, ahead
            return
        self.run_worker(
            lambda: _warm(exercise, self._pool), thread=True, group="warm", exit_on_error=False
        )

    def _warn_if_unjailed(self) -> None:
        """Once, where the machine cannot jail the learner's code (a probe: off the UI thread)."""
        from jaxtutor.runner.host.doctor import warning

        if (text := warning()) is not None:
            self.call_from_thread(
                self.notify, text, title="Your code runs unjailed", severity="warning", timeout=20
            )
