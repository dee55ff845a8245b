"""JAX's own error messages, explained in the learner's terms.

The child reports an exception as plain data: its type, message and the frames of
the learner's own file (the runner's and JAX's frames are already gone). Here it
becomes a short explanation that points at the learner's line.

Each pattern is written against the pinned JAX's real message: tests/test_explain.py
raises every catalogued error with that JAX and checks its entry matches it.

Where it can, an entry first says what happened in the learner's own names: its `about`
reads the learner's line and JAX's message (the shapes, counts and names JAX reports)
and returns a sentence, or None when they do not tell one story; the entry's fixed
words follow either way (tests/test_explain_own_line.py runs each with real JAX).

The catalogue is catalogue.py; the readers of the learner's line are line.py (what they
share) and carries.py, calls.py, traced.py and operands.py, by the kind of error.
"""

from __future__ import annotations

import re

from jaxtutor.explain.catalogue import KNOWN, Known
from jaxtutor.explain.line import clean_message

__all__ = [
    "KNOWN",
    "Known",
    "clean_message",
    "explain",
    "jax_text",
    "known",
    "traceback_text",
    "words",
]


def known(info: dict) -> Known | None:
    """The catalogue's entry for the learner's exception, if any."""
    raw = f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"
    return next(
        (k for k in KNOWN if re.search(k.pattern, raw, re.S) and _fits(k, info)),
        None,
    )


def _fits(entry: Known, info: dict) -> bool:
    if entry.when is None:
        return True
    try:
        return entry.when(info)
    except Exception:  # a line of a form not foreseen: not this narrower cause
        return False


def words(entry: Known, info: dict) -> str:
    """The entry's words, after a sentence about the learner's own line where its `about`
    can say one."""
    said = None
    if entry.about is not None:
        try:
            said = entry.about(info)
        except Exception:  # a line or message of a form not foreseen: the words alone
            said = None
    return f"{said} {entry.words}" if said else entry.words


def jax_text(info: dict) -> str:
    """The exception as JAX (or Python) said it, its type first."""
    return f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"


def explain(info: dict) -> tuple[str, int | None]:
    """An explanation of the learner's exception and the line it points at."""
    frames = info.get("frames") or []
    line = info.get("line") or (frames[-1]["line"] if frames else None)
    raw = jax_text(info)
    entry = known(info)
    if entry is not None:
        return f"{words(entry, info)}\n\n{raw}", line
    return raw, line


def traceback_text(info: dict) -> str:
    """The learner's frames only, innermost last, like a short Python traceback."""
    lines = [
        f"  line {f['line']}, in {f['function']}: {f['text']}" for f in info.get("frames") or []
    ]
    return "\n".join(lines)
