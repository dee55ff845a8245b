"""Text from learner code or a learner's file, made inert for a terminal.

An exception message, a print, a function or student name, an export's fields: any of
them may carry escape sequences (move the cursor, erase lines, write the clipboard with
OSC 52) or characters that reorder what a terminal shows. `inert` replaces each such
character with a visible escape (ESC becomes the four characters `\\x1b`), so the text is
shown as it was written and does nothing. Rich markup is a separate matter: show inert
text through `rich.text.Text` (never as a markup string), or `rich.markup.escape` it.
"""

from __future__ import annotations

import re

# C0 controls, DEL and C1 controls; the bidirectional overrides, embeddings, isolates
# and marks (they reorder what follows, as in "Trojan Source"); the Unicode line and
# paragraph separators, which some terminals treat as line breaks; and the invisible
# format characters (zero-width spaces and joiners, the word joiner, the byte-order mark,
# the soft hyphen), which make two names that look the same differ; and lone surrogates,
# which is how Python holds a file name's bytes that are not UTF-8 (no file can be
# written with them as they are)
_INVISIBLE = "\u00ad\u061c\u180e\u200b-\u200f\u2060-\u2064\ufeff\ufff9-\ufffb\ud800-\udfff"
_UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069{_INVISIBLE}]")
_UNSAFE_KEEPING_LINES = re.compile(
    f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069{_INVISIBLE}]"
)
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _visible(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def inert(text: str, multiline: bool = True) -> str:
    """`text` with every control character shown as a visible escape. A multi-line text
    keeps its newlines and tabs (a Windows line end counts as a newline); a one-line text
    (a name, a table cell) shows them as `\\n` and `\\t` too."""
    if not isinstance(text, str):
        text = str(text)
    if multiline:
        return _UNSAFE_KEEPING_LINES.sub(_visible, text.replace("\r\n", "\n"))
    return _UNSAFE.sub(_visible, text)


def inert_text(text: str, style: str = "", multiline: bool = True):
    """`inert(text)` as a Rich Text: shown as written, markup such as `[red]` included."""
    from rich.text import Text  # the engine imports Rich only where it draws

    return Text(inert(text, multiline), style=style)
