"""The smallest failing case: a hidden case that failed, made smaller (fewer batches,
fewer rows, rounder numbers) for as long as it still fails, so the learner reads a case
small enough to work through by hand.

Hypothesis does the search, on the trusted side: its shrinker drives a test function,
and that function asks the learner's child about each candidate (`fails`). The failed
case is handed to it through an in-memory example database, so the shrinker starts
from that case rather than from random draws. Each candidate of a new shape costs a
compile in the learner's child, so the search asks about `calls` candidates at most, for
`seconds` at most, and keeps the smallest failure found by then. Hypothesis is imported
only here, once a case has failed: a passing check never pays for its import.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from jaxtutor.runner.host.errors import RunEnded

CALLS, SECONDS = 16, 3.0
# rounder numbers, roundest first (Hypothesis shrinks a choice towards its first):
# whole numbers, one decimal, two, as drawn
ROUNDINGS = (0, 1, 2, None)


@dataclass(frozen=True)
class Size:
    """A size a case can lose: its name as the lesson says it (N, B), the places that
    share it (an argument's position, or a path into it such as (0, "w"), with an
    axis), and the least it may become; `only`, where the task lists the sizes it
    allows, those and no other (a case of a size the task never asks is not its case)."""

    name: str
    where: tuple[tuple[int | tuple, int], ...]
    least: int = 1
    only: tuple[int, ...] = ()

    def below(self, full: int) -> list[int]:
        """The sizes it may take in a case of size `full`, least first."""
        if self.only:
            return sorted({n for n in self.only if self.least <= n <= full} | {full})
        return list(range(self.least, full + 1))


@dataclass
class Smallest:
    """The smallest failing case found: its arguments, its sizes, and how many of the
    learner's calls the search took."""

    args: tuple
    sizes: dict[str, int]
    calls: int


def _path(where) -> tuple:
    return where if isinstance(where, tuple) else (where,)


def _at(value, path: tuple):
    for key in path:
        value = value[key]
    return value


def _put(value, path: tuple, new):
    """`value` (a tuple or dict tree) with the leaf at `path` replaced by `new`."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _put(value[head], rest, new)}
    out = list(value)
    out[head] = _put(value[head], rest, new)
    return tuple(out)


def size_of(args: tuple, size: Size) -> int:
    where, axis = size.where[0]
    return int(np.shape(_at(args, _path(where)))[axis])


def _round(value, decimals: int):
    if isinstance(value, dict):
        return {k: _round(v, decimals) for k, v in value.items()}
    if isinstance(value, float):
        return float(np.round(value, decimals))
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return np.round(value, decimals)
    return value


def cut(args: tuple, sizes: tuple[Size, ...], keep: dict[str, int], rounding, rounded=()) -> tuple:
    """`args` with each size cut to its first `keep[name]` entries, and the arguments at
    the positions `rounded` rounded to `rounding` decimals (None: as they are)."""
    for size in sizes:
        for where, axis in size.where:
            path = _path(where)
            value = np.asarray(_at(args, path))
            index = [slice(None)] * value.ndim
            index[axis] = slice(0, keep[size.name])
            args = _put(args, path, value[tuple(index)])
    if rounding is not None:
        for position in rounded:
            args = _put(args, (position,), _round(args[position], rounding))
    return tuple(args)


def smallest(
    args: tuple,
    sizes: tuple[Size, ...],
    fails: Callable[[tuple], bool],
    rounded: tuple[int, ...] = (),
    valid: Callable[[tuple], bool] = lambda args: True,
    calls: int = CALLS,
    seconds: float = SECONDS,
) -> Smallest | None:
    """The smallest case below `args` (a case that failed) that `fails` too, or None
    when none smaller was found. `valid`: whether a candidate is a case of the exercise
    at all (a stable learning rate, say). The search is deterministic: the same answers
    shrink to the same case."""
    from hypothesis import HealthCheck, Phase, find, settings
    from hypothesis import strategies as st
    from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
    from hypothesis.errors import NoSuchExample

    full = {s.name: size_of(args, s) for s in sizes}
    # each size is chosen by its place among those it may take (Hypothesis shrinks an
    # integer towards 0, the least), and the last choice by its place among ROUNDINGS
    allowed = {s.name: s.below(full[s.name]) for s in sizes}
    shrinkable = tuple(s for s in sizes if len(allowed[s.name]) > 1)
    roundings = ROUNDINGS if rounded else (None,)
    original = tuple(len(allowed[s.name]) - 1 for s in shrinkable) + (len(roundings) - 1,)
    if original == (0,):
        return None  # nothing to make smaller
    strategy = st.tuples(*[st.integers(0, last) for last in original])
    asked: dict[tuple, bool] = {original: True}
    spent = [0]  # the learner's calls
    ended: list[RunEnded] = []
    started = time.monotonic()

    def kept(choice: tuple) -> dict[str, int]:
        return dict(full, **{s.name: allowed[s.name][i] for s, i in zip(shrinkable, choice)})

    def candidate(choice: tuple) -> tuple:
        return cut(args, shrinkable, kept(choice), roundings[choice[-1]], rounded)

    def failing(choice: tuple) -> bool:
        choice = tuple(choice)
        if choice not in asked:
            made = candidate(choice)
            if (
                ended
                or spent[0] >= calls
                or time.monotonic() - started > seconds
                or not valid(made)
            ):
                asked[choice] = False  # past the budget, or not a case: not a failure we know
            else:
                spent[0] += 1
                try:
                    asked[choice] = bool(fails(made))
                except RunEnded as end:
                    # the learner's child is gone (its clock ran out, say): the search
                    # ends, and the check meets the end on its own next call, not as a
                    # failure Hypothesis reports of the search
                    ended.append(end)
                    asked[choice] = False
        return asked[choice]

    database = InMemoryExampleDatabase()
    key = b"jaxtutor: the smallest failing case"
    # kept as a failure not yet shrunk (Hypothesis's "secondary" corpus): one saved under
    # the key itself counts as shrunk already, and would come back as it is
    database.save(key + b".secondary", choices_to_bytes(original))
    try:
        found = find(
            strategy,
            failing,
            settings=settings(
                database=database,
                phases=[Phase.reuse, Phase.generate, Phase.shrink],
                max_examples=1,
                deadline=None,
                suppress_health_check=list(HealthCheck),
            ),
            database_key=key,
        )
    except NoSuchExample:
        return None
    if tuple(found) == original:
        return None
    return Smallest(candidate(tuple(found)), kept(tuple(found)), spent[0])


def sizes_said(sizes: dict[str, int]) -> str:
    return ", ".join(f"{name}={n}" for name, n in sizes.items())
