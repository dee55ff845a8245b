"""The inputs an oracle tries: teaching cases, the same on every run and shown with
their inputs, and hidden cases, drawn afresh from the run's seed, whose inputs are
shown only once they have failed (so a table of memorised answers cannot pass).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np


def fresh_seed() -> int:
    """A seed nobody can know before the run: the hidden cases of one check."""
    return secrets.randbits(32)


def fingerprint(args) -> str:
    """A digest of a case's arguments, exact: their repr is not (numpy prints a long
    array with "..."), and printing them cost a warm check tens of milliseconds."""
    h = hashlib.sha256()

    def feed(value) -> None:
        if isinstance(value, (np.ndarray, np.generic)):
            a = np.ascontiguousarray(value)
            h.update(f"array {a.dtype.str} {a.shape};".encode())
            h.update(a.tobytes() if a.dtype != object else repr(a.tolist()).encode())
        elif isinstance(value, (tuple, list)):
            h.update(f"{type(value).__name__} {len(value)}(".encode())
            for v in value:
                feed(v)
            h.update(b")")
        elif isinstance(value, dict):
            h.update(f"dict {len(value)}(".encode())
            for k in sorted(value, key=repr):
                h.update(f"{k!r}:".encode())
                feed(value[k])
            h.update(b")")
        else:
            h.update(f"{type(value).__name__} {value!r};".encode())

    feed(args)
    return h.hexdigest()


@dataclass
class Case:
    name: str
    args: tuple  # numpy arrays and pytrees of them; floats are float64 here
    expected: Any = None  # the answer to compare with (the reference's, in float64)
    hidden: bool = False  # drawn from the run's seed; `inputs` shown only once it failed
    names: tuple[str, ...] = ()  # a hidden case's argument names, for `inputs`
    random: bool = False  # a plain random draw (not wide, an edge value or declared)
    declared: str = ""  # the declared edge, invariant or amplifier it was drawn for
    rtol: float | None = None  # its own tolerance (an invariant's: exact); None: the exercise's
    atol: float | None = None
    shape: str = ""  # the sizes it was drawn at, in words: its hidden cases share one program

    def tolerance(self, rtol: float, atol: float) -> tuple[float, float]:
        """The tolerance to compare this case at: its own where it has one."""
        return (
            rtol if self.rtol is None else self.rtol,
            atol if self.atol is None else self.atol,
        )

    @property
    def inputs(self) -> str:
        """The inputs in words, for the learner to reproduce a failed case: made only
        for the few shown, as dozens of cases per shape pass unseen."""
        return ", ".join(f"{name}={shown(value)}" for name, value in zip(self.names, self.args))

    def title(self, failed: bool, brief: bool = False) -> str:
        """The case's name as the learner sees it. `brief`, for a sentence: an array of
        more than a few entries is told by its shape (the case's own line shows it)."""
        if not (self.hidden and failed):
            return self.name
        if brief:
            return f"{self.name} ({', '.join(_brief(n, v) for n, v in zip(self.names, self.args))})"
        return f"{self.name} ({self.inputs})"


def beyond_first_random(cases: list[Case], n: int) -> set[int]:
    """Which cases are plain random ones past the first `n` of their shape: the ones
    left out where reading or running all of them costs too much."""
    seen: dict[str, int] = {}
    beyond = set()
    for i, case in enumerate(cases):
        if case.random:
            seen[case.shape] = seen.get(case.shape, 0) + 1
            if seen[case.shape] > n:
                beyond.add(i)
    return beyond


Shape = tuple[int, int]


def range_shapes(rng, ranges: tuple[Shape, Shape]) -> tuple[Shape, Shape, Shape]:
    """A check's three shapes for two sizes drawn from `ranges` (each (low, high)):
    both at 1 (one example, one batch: the edge), both at their high, and each drawn
    uniformly below its high: three compiles of the learner's function."""
    (low_a, high_a), (low_b, high_b) = ranges
    between = (int(rng.integers(low_a, high_a)), int(rng.integers(low_b, high_b)))
    return (1, 1), (high_a, high_b), between


def hidden_case(
    number: int, names: tuple[str, ...], args: tuple, expected=None, what: str = ""
) -> Case:
    """Hidden case `number`: its inputs are kept in words for when it fails; `what` a
    declared edge, invariant or amplifier it shows."""
    name = f"hidden case {number}" + (f", {what}" if what else "")
    return Case(name, args, expected, hidden=True, names=names, declared=what)


BRIEF_ENTRIES = 6  # an array longer than this is told by its shape in a sentence


def _brief(name: str, value) -> str:
    if isinstance(value, np.ndarray) and value.size > BRIEF_ENTRIES:
        return f"{name} of shape {value.shape}"
    if isinstance(value, dict):
        return ", ".join(_brief(f"{name}[{k!r}]", v) for k, v in value.items())
    return f"{name}={shown(value)}"


def shown(value) -> str:
    """An input as the learner would type it, on one line, to 6 significant digits."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (np.ndarray, np.generic, float)) and not isinstance(value, bool):
        text = np.array2string(
            np.asarray(value),
            separator=", ",
            threshold=10**6,
            formatter={"float_kind": lambda v: f"{v:.6g}"},
        )
        return " ".join(text.split())
    return repr(value)
