"""The lesson's explanation as Markdown, with its code blocks highlighted just after the
text is on screen. Imported with the first lesson text, not at start."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownFence


class LessonFence(MarkdownFence):
    """A code block drawn plain at first, highlighted after the next frame: Pygments' first
    lexer costs about 0.1 s, which kept the lesson's first paragraph off the screen."""

    _highlighting = False

    def highlight(self, code: str, language: str, ansi: bool = False,
                  dark: bool = False) -> Content:
        if not self._highlighting:
            return Content(code)
        return MarkdownFence.highlight(code, language, ansi=ansi, dark=dark)

    def on_mount(self) -> None:
        self.call_after_refresh(self._highlight_now)

    def _highlight_now(self) -> None:
        self._highlighting = True
        self.set_content(self.highlight(self.code, self.lexer, ansi=self.app.native_ansi_color,
                                        dark=self.app.current_theme.dark))


class LessonText(Markdown):
    """The explanation, its code blocks highlighted once the text is on screen."""

    BLOCKS = {**Markdown.BLOCKS, "fence": LessonFence, "code_block": LessonFence}
