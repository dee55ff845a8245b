"""The lesson's explanation: Markdown drawn by Rich into one widget.

Textual's Markdown widget mounts a widget per paragraph, heading and code block (25 or
so per lesson), and styling them kept the lesson's first paragraph off the screen well
after the first frame; one Static holding Rich's Markdown draws the same text in the
first frame."""

from __future__ import annotations

from rich.markdown import CodeBlock, Heading, Markdown
from rich.padding import Padding
from rich.syntax import Syntax
from rich.text import Text
from rich.theme import Theme

# Rich draws inline code bold cyan on black: on a light theme, a dark box in the line
_LIGHT = Theme({"markdown.code": "bold #0b4f9c on #e4e8ee"})
# the text and background of the code themes' plain text (Pygments' monokai and
# default), so a block keeps its look when it is coloured
_PLAIN = {"monokai": "#f8f8f2 on #272822", "default": "#000000 on #f8f8f8"}


class _Heading(Heading):
    """Headings in bold down the left edge, as in the rest of the pane (Rich centres h1
    and colours h2 in a theme of its own, not the app's)."""

    LEVEL_ALIGN = dict.fromkeys(Heading.LEVEL_ALIGN, "left")

    def __init__(self, tag: str) -> None:
        super().__init__(tag)
        self.style_name = "bold underline" if tag == "h1" else "bold"


class _CodeBlock(CodeBlock):
    """A code block, drawn plain until the lesson asks for colour: Pygments' first lexer
    (loading its lexers) is no reason to keep the text off the screen."""

    highlight = False

    @classmethod
    def create(cls, markdown: LessonMarkdown, token) -> _CodeBlock:
        block = super().create(markdown, token)
        block.highlight = markdown.highlight
        return block

    def __rich_console__(self, console, options):
        code = str(self.text).rstrip()
        if not self.highlight:  # as Syntax draws it, without asking Pygments for a lexer
            style = _PLAIN.get(self.theme, _PLAIN["monokai"])
            yield Padding(Text(code, style=style), 1, style=style, expand=True)
            return
        yield Syntax(code, self.lexer_name, theme=self.theme, word_wrap=True, padding=1)


class LessonMarkdown(Markdown):
    """A lesson's explanation. Links between lessons are drawn as their words: a lesson
    file's name is no address a terminal can open."""

    elements = {
        **Markdown.elements,
        "heading_open": _Heading,
        "fence": _CodeBlock,
        "code_block": _CodeBlock,
    }

    def __init__(self, markup: str, dark: bool = True, highlight: bool = False) -> None:
        super().__init__(markup, code_theme="monokai" if dark else "default")
        self.highlight, self.dark = highlight, dark
        for token in self.parsed:
            if token.children:
                token.children = [
                    child
                    for child in token.children
                    if child.type not in ("link_open", "link_close")
                ]

    def __rich_console__(self, console, options):
        if self.dark:
            yield from super().__rich_console__(console, options)
            return
        with console.use_theme(_LIGHT):
            yield from super().__rich_console__(console, options)
