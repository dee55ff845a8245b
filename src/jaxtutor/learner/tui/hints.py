"""The hint ladder and the reference solution: one hint at a time, each counted; the
solution after passing, after every hint, or when the learner confirms they want it."""

from __future__ import annotations


class HintsMixin:
    """The hints and the solution of `TutorApp`'s current lesson."""

    def _update_hints(self) -> None:
        lesson = self.current
        self.results.show_hints(lesson.exercise.hints, self._state(lesson.id).hints_revealed)

    def action_hint(self) -> None:
        lesson = self.current
        hints = lesson.exercise.hints
        state = self._state(lesson.id)
        if state.hints_revealed >= len(hints):
            self.notify(
                "That was the last hint. `s` (or ^p, Show solution) shows the reference solution.",
                timeout=5,
            )
            return
        self.store.reveal_hint(lesson.id, len(hints))
        self._refresh_state(lesson.id)
        self._update_hints()
        self._update_status()
        if self._narrow():
            self._show_pane("results")
        self.results.scroll_end(animate=False)

    def action_solution(self) -> None:
        from jaxtutor.learner.tui.screens import ConfirmScreen  # the dialogs: not at start

        lesson = self.current
        state = self._state(lesson.id)
        if state.passed or state.solution_shown_at:
            self._show_solution()
            return
        left = len(lesson.exercise.hints) - state.hints_revealed
        if left > 0:
            self.notify(
                f"The solution opens after you pass, or after every hint: {left} "
                "hint(s) left (^g).",
                timeout=5,
            )
            return
        self.push_screen(
            ConfirmScreen(
                "You have not passed this exercise yet. Look at the reference solution anyway?",
                yes="Show it",
            ),
            lambda yes: self._show_solution() if yes else None,
        )

    def _show_solution(self) -> None:
        from jaxtutor.learner.tui.screens import SolutionScreen

        self.store.mark_solution_shown(self.current.id)
        self._refresh_state(self.current.id)
        self.push_screen(SolutionScreen(self.current))
