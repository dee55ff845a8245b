"""A lesson's explanation as the app draws it: lesson_text's Markdown, its lines kept
per width. They are also kept between starts (kept.py), by the text, the width, the
theme and the drawing code: the next start draws its first frame from the plain lines,
without importing Rich's Markdown (markdown-it and Pygments' modules), and colours the
code just after it from the coloured lines, kept in a file of their own so that the
first frame does not read them (lesson 1 coloured afresh, importing markdown-it and
Pygments' first lexer: about 100 ms; from its kept lines: 3-4 ms)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from rich.segment import Segment
from rich.style import Style

from jaxtutor import __version__
from jaxtutor.kept import KeptAsJson

_KEPT = {False: KeptAsJson("lesson_text.json", limit=64),  # plain: the first frame's
          True: KeptAsJson("lesson_colours.json", limit=64)}  # coloured: just after it


def _drawn_by(coloured: bool) -> list:
    """What else the drawing depends on: our Markdown's code and Rich's, and Pygments'
    for coloured code (a file's size and time are cheap to read; importlib.metadata's
    versions are not)."""
    import rich

    ours = Path(__file__).with_name("lesson_text.py").stat()
    found = [__version__, ours.st_size, ours.st_mtime_ns,
             Path(rich.__file__).parent.stat().st_mtime_ns]
    if coloured and (pygments := importlib.util.find_spec("pygments")) is not None:
        found.append(Path(pygments.origin).parent.stat().st_mtime_ns)
    return found


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
        kept = _KEPT[self.highlight]
        key = json.dumps([self.markup, options.max_width, self.dark, _drawn_by(self.highlight)])
        if (lines := kept.get(key)) is not None:
            return [[Segment(text, None if style is None else Style.parse(style))
                     for text, style in line] for line in lines]
        from jaxtutor.tui.lesson_text import LessonMarkdown

        lines = console.render_lines(
            LessonMarkdown(self.markup, dark=self.dark, highlight=self.highlight),
            options.update(height=None), pad=False, new_lines=True)
        kept.put(key, [[(s.text, None if s.style is None else str(s.style)) for s in line]
                       for line in lines])
        kept.save()
        return lines
