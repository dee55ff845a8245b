"""How a long request is going, told to the trusted side while it runs: the phase it
has reached (wire.PHASES) and what it measured on the way there (operations, bytes). A
request that runs into a limit is then reported by the phase it was in (JAX tracing the
learner's Python, lowering a trace that had finished, XLA compiling, the program
running), not as a whole. Only ever words for a verdict: never a pass."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

_SEND: list[Callable[[dict], None]] = []  # the request being answered, if any


@contextlib.contextmanager
def reporting(send: Callable[[dict], None]):
    """While a request runs: `send` writes one progress frame for it."""
    _SEND.append(send)
    try:
        yield
    finally:
        _SEND.remove(send)


def say(phase: str, **measured: int) -> None:
    """Tell the trusted side that the request has reached `phase`. A pipe the learner's
    code closed is the request's own reply to find: never an error here, which could be
    taken for the learner's."""
    if not _SEND:
        return
    try:
        _SEND[-1]({"progress": phase, **measured})
    except Exception:
        pass
