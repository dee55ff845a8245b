"""A lesson's explanation as the app draws it: lesson_text's Markdown, its lines kept
per width. In plain colours they are also kept between starts (disk_cache.py), by the
text, the width, the theme and the drawing code: the next start draws its first frame
from them, and Rich's Markdown (importing markdown-it and Pygments' modules, and drawing
the lesson) waits until just after it, when the code is coloured."""

from __future__ import annotations

import json
from pathlib import Path

from rich.segment import Segment
from rich.style import Style

from jaxtutor import __version__
from jaxtutor.disk_cache import KeptAsJson

_KEPT = KeptAsJson("lesson_text.json", limit=64)


def _drawn_by() -> list:
    """What else the drawing depends on: our Markdown's code and Rich's (a file's
    size and time are cheap to read; importlib.metadata's versions are not)."""
    import rich

    ours = Path(__file__).with_name("lesson_text.py").stat()
    return [
        __version__,
        ours.st_size,
        ours.st_mtime_ns,
        Path(rich.__file__).parent.stat().st_mtime_ns,
    ]


class LessonDrawing:
    """A renderable: the explanation in `markup`, drawn once per width (Textual renders
    a Static's content to measure its height and again to paint it)."""

    def __init__(self, markup: str, dark: bool, highlight: bool) -> None:
        self.markup, self.dark, self.highlight = markup, dark, highlight
        self._lines: dict[int, list[list[Segment]]] = {}

    def __rich_console__(self, console, options):
        width = options.max_width
        if width not in self._lines:
            self._lines[width] = self._draw(console, options)
        for line in self._lines[width]:
            yield from line

    def _draw(self, console, options) -> list[list[Segment]]:
        # only plain lines are kept: coloured ones come after the first frame anyway
        key = (
            None
            if self.highlight
            else json.dumps([self.markup, options.max_width, self.dark, _drawn_by()])
        )
        if key is not None and (kept := _KEPT.get(key)) is not None:
            return [
                [
                    Segment(text, None if style is None else Style.parse(style))
                    for text, style in line
                ]
                for line in kept
            ]
        from jaxtutor.learner.tui.lesson_text import LessonMarkdown

        lines = console.render_lines(
            LessonMarkdown(self.markup, dark=self.dark, highlight=self.highlight),
            options.update(height=None),
            pad=False,
            new_lines=True,
        )
        if key is not None:
            _KEPT.put(
                key,
                [
                    [(s.text, None if s.style is None else str(s.style)) for s in line]
                    for line in lines
                ],
            )
            _KEPT.save()
        return lines
