"""Probes of where the numbers sit: the right rows in another order (one place off: an
index off by one), or a sequence right for its first k steps and then off."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import CLOSE, Probe, _diagnosis, _title, uses
from jaxtutor.oracles.values import as_array, fmt
from jaxtutor.verdict import Diagnosis


def _rows(value) -> np.ndarray | None:
    """A single array answer as rows (the entries of a vector, the rows of a matrix)."""
    arr = as_array(value)
    return None if arr is None or arr.ndim == 0 or len(arr) < 2 else arr


def _permuted(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """The right rows in another order, the same order on every wrong case: rows
    swapped, or every entry shifted by one place (an index off by one)."""
    order = None
    for i in wrong:
        g, w = _rows(p.answers[i]), _rows(p.expected[i])
        if g is None or w is None or g.shape != w.shape:
            return None
        fits = [
            {j for j in range(len(w)) if np.allclose(g[r], w[j], **CLOSE)} for r in range(len(g))
        ]
        order = fits if order is None else [a & b for a, b in zip(order, fits)]
    if order is None or any(len(o) != 1 for o in order):
        return None
    perm = [o.pop() for o in order]
    n = len(perm)
    if sorted(perm) != list(range(n)) or perm == list(range(n)):
        return None
    expected = as_array(p.expected[wrong[0]])
    assert expected is not None  # _rows read its rows
    word = "row" if expected.ndim > 1 else "entry"
    pairs = ", ".join(
        f"your {word} {r} is the expected {word} {perm[r]}" for r in range(n) if perm[r] != r
    )
    shift = perm[0] % n
    if n > 2 and shift in (1, n - 1) and all(perm[r] == (r + shift) % n for r in range(n)):
        how = f"Every {word} is one place off: {pairs}"
        hint = (
            "The values are right but land one index away from where they belong: look "
            "at the index each one is written to or read from."
        )
    else:
        how = f"Your {word}s are the right ones in another order: {pairs}"
        hint = (
            f"Each {word} is computed right but put in the wrong place: check the order "
            f"in which you build or stack the {word}s."
        )
    return _diagnosis(
        "permuted",
        f"{how}, on every case you got wrong (the case {_title(p, wrong[0])}, for one).",
        hint,
    )


def _step_behind(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A sequence whose every row is the expected row before it, on every wrong case:
    what is recorded is the value a step starts from, not the one it ends with."""
    firsts = []
    for i in wrong:
        g, w = _rows(p.answers[i]), _rows(p.expected[i])
        if g is None or w is None or g.shape != w.shape or len(w) < 3:
            return None
        if not np.allclose(g[1:], w[:-1], **CLOSE) or np.allclose(g[0], w[0], **CLOSE):
            return None
        firsts.append((g[0].reshape(-1)[0], w[0].reshape(-1)[0]))
    word = "step" if uses(p, "loop") else "row"
    (mine, theirs), i = firsts[0], wrong[0]
    return _diagnosis(
        "step_behind",
        f"Every {word} of your result is the expected {word} before it, on every case you "
        f"got wrong: your {word} 1 is the expected {word} 0, and so on; your {word} 0 is "
        f"not the expected one (on the case {_title(p, i)}, it starts with {fmt(mine)} "
        f"where {fmt(theirs)} is expected).",
        f"Each {word} records the value it starts from, not the one it ends with: record "
        "the value after the step's update.",
    )


def _labelled(value) -> list[tuple[str, np.ndarray]]:
    """The arrays of an answer with the learner's name for each."""
    if isinstance(value, tuple):
        return [
            (f"entry {k} of your tuple", a)
            for k, v in enumerate(value)
            if (a := as_array(v)) is not None
        ]
    if isinstance(value, dict):
        return [(f'your "{k}"', a) for k, v in value.items() if (a := as_array(v)) is not None]
    a = as_array(value)
    return [] if a is None else [("your result", a)]


def _steps_then_off(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A sequence answer (losses, a history) right for its first k steps and then off,
    on every wrong case: what goes wrong starts between step k - 1 and step k. A step
    is a row, the outer axis (a scan stacks what its body returns there): a (T, N)
    history whose first row is off for one walker has its first step wrong."""
    best = None
    for n, (label, _) in enumerate(_labelled(p.expected[wrong[0]])):
        firsts = []
        for i in wrong:
            mine, theirs = _labelled(p.answers[i]), _labelled(p.expected[i])
            if len(mine) != len(theirs) or mine[n][0] != theirs[n][0]:
                return None
            g, w = mine[n][1], theirs[n][1]
            if g.shape != w.shape or w.ndim == 0 or w.shape[0] < 2:
                break
            off = ~np.isclose(g, w, **CLOSE).reshape(w.shape[0], -1)
            if not off.any():
                break
            row = int(np.argmax(off.any(axis=1)))
            firsts.append((row, int(np.argmax(off[row])), i, g, w))
        else:
            k, j, i, g, w = min(firsts, key=lambda f: f[0])
            if k >= 1 and (best is None or k > best[0]):
                best = (k, j, i, g, w, label)
    if best is None:
        return None
    k, j, i, g, w, label = best
    # "steps" only where the code has a loop; else the numbers are entries of a result
    loop = uses(p, "loop")
    # the task's names for the axes, for the array they name (not a tuple's other entry)
    axes = p.axes if len(p.axes) == w.ndim else ()
    # a position in a vector: "entry" unless the vector is itself a tuple's entry
    entry = "position" if label.startswith("entry") else "entry"
    word = axes[0] if axes else "step" if loop else entry if w.ndim == 1 else "row"
    plural = "entries" if word == "entry" else f"{word}s"
    at = f"{word} {k}"
    index = (k, *(int(d) for d in np.unravel_index(j, w.shape[1:]))) if w.ndim > 1 else (k,)
    inner = ", ".join(
        f"{axes[d]} {index[d]}" if axes else f"index {index[d]} of axis {d}"
        for d in range(1, w.ndim)
    )
    where = f"the first {word} is" if k == 1 else f"the first {k} {plural} are"
    hint = (
        f"Everything before {at} is right, so look at what {at} reads that earlier "
        f"{plural} did not: the value carried over from the {word} before it, or its own "
        "input."
        if loop
        else f"Everything before {at} is right: compute {at} of that case by hand and "
        "compare it with how your code computes it."
    )
    return _diagnosis(
        "steps_then_off",
        f"In {label}, {where} right on every case you got wrong; on the case "
        f"{_title(p, i)}, {at} is the first that is off"
        + (f" (at {inner})" if inner else "")
        + f": yours {fmt(g[index])} where {fmt(w[index])} is expected.",
        hint,
    )
