"""The app's own commands in the command palette (^p): every action, every lesson, and
the next review when one is due."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from jaxtutor.learner.tui.keys import COMMANDS, shown


class TutorCommands(Provider):
    def _entries(self):
        app = self.app
        for c in COMMANDS:
            if c.palette:
                keys = shown(c.keys) or shown(c.plain)
                yield c.title, partial(app.run_action, c.action), f"{c.help}  [{keys}]"
        if (store := getattr(app, "store", None)) is not None:
            from jaxtutor.learner.reviews import due

            waiting = due(store, getattr(app, "lessons", []))
            if waiting:
                yield (
                    f"Review ({len(waiting)} due): {waiting[0].title}",
                    partial(app.open_review, waiting[0].id),
                    "the exercise again, from its starter, as it is due to be recalled",
                )
        for number, lesson in enumerate(getattr(app, "lessons", []), start=1):
            yield (
                f"Open lesson {number}: {lesson.title}",
                partial(app.open_lesson, lesson.id),
                lesson.summary or lesson.id,
            )

    async def discover(self) -> Hits:
        for title, callback, help_text in self._entries():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback, help_text in self._entries():
            if (score := matcher.match(title)) > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
