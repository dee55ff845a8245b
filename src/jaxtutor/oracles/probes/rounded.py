"""The probe of an input rounded before use: the reference asked again with one float
argument rounded (toward zero, to the nearest, down, up, to float16), to see whether
the learner's answers are the expected ones at the rounded input."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from jaxtutor.oracles.probes.common import Probe, _diagnosis, _leaves, _short, _title, uses
from jaxtutor.oracles.values import fmt
from jaxtutor.verdict import Diagnosis


class Rounding(NamedTuple):
    """One way an input may be rounded: said in words, applied to a value."""

    words: str
    apply: Callable
    construct: str  # what the code must have for this rounding to be named (CONSTRUCTS)
    hint: str


_TO_INTEGER = (
    "Your code drops {name}'s fraction before it computes: find where it makes an integer "
    "(int(), round, floor, an integer dtype) and keep the value a float."
)
ROUNDINGS = (
    Rounding("rounded toward zero (as int(x) does)", np.trunc, "rounding", _TO_INTEGER),
    Rounding("rounded to the nearest whole number", np.round, "rounding", _TO_INTEGER),
    Rounding("rounded down", np.floor, "rounding", _TO_INTEGER),
    Rounding("rounded up", np.ceil, "rounding", _TO_INTEGER),
    Rounding(
        "rounded to float16 (11 significant bits)",
        lambda v: np.asarray(v, dtype=np.float16),
        "half",
        "Your code keeps {name} in float16, which holds about 3 significant digits, so "
        "it is off by up to 1 part in 2048 before anything is computed: keep it in "
        "float32.",
    ),
)
ROUNDED_CASES = 4  # wrong cases asked about: every one must fit


def _rounded(value, rounding):
    """The value with every number rounded, of the same kind; None where it holds no
    float or rounding changes nothing."""
    if isinstance(value, float):
        out = float(rounding(value))
    elif isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.size:
        out = rounding(value).astype(value.dtype)
    else:
        return None
    return None if np.array_equal(out, value) else out


def _rounded_input(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """The learner's answers equal the reference's at one argument rounded, on every
    wrong case asked about (two at least), where rounding changes that argument. Each
    rounding only where the code has its construct (an integer made, a float16): the
    reference is asked again."""
    roundings = [r for r, rounding in enumerate(ROUNDINGS) if uses(p, rounding.construct)]
    if p.reference is None or not roundings:
        return None
    if any(  # an integer result says more, of itself (probes/dtypes.py)
        leaf.dtype.kind in "iub" for i in wrong for leaf in _leaves(p.answers[i], dtypes=True) or []
    ):
        return None
    chosen = sorted(wrong, key=lambda i: p.cases[i].hidden)[:ROUNDED_CASES]
    if len(chosen) < 2:
        return None
    calls, which = [], []
    for k in range(len(p.cases[chosen[0]].args)):
        for r in roundings:
            tried = [(i, _rounded(p.cases[i].args[k], ROUNDINGS[r].apply)) for i in chosen]
            if any(v is None for _, v in tried):
                continue  # this argument is whole (or no float) on some wrong case
            for i, v in tried:
                calls.append(p.cases[i].args[:k] + (v,) + p.cases[i].args[k + 1 :])
                which.append((k, r, i))
    if not calls:
        return None
    theirs = p.reference(calls)
    fits: dict[tuple[int, int], list] = {}
    for (k, r, i), call, their in zip(which, calls, theirs):
        ok = their is not None and _leaves(their) is not None and p.right(i, p.answers[i], their)
        fits.setdefault((k, r), []).append((i, call, their) if ok else None)
    for (k, r), found in fits.items():
        if None in found:
            continue
        i, call, their = found[0]
        name = p.arg_names[k] if k < len(p.arg_names) else f"argument {k}"
        words, hint = ROUNDINGS[r].words, ROUNDINGS[r].hint
        at = (
            f"{name} = {fmt(call[k])}"
            if np.ndim(call[k]) == 0
            else f"{name} with every entry {words.split(' (')[0]}"
        )
        return _diagnosis(
            "rounded_input",
            f"Your answers are the expected ones at {name} {words}, on every case you got "
            f"wrong: on the case {_title(p, i)}, yours {_short(p.answers[i])} is the "
            f"expected answer at {at}, where {_short(p.expected[i])} is expected.",
            hint.format(name=name),
        )
    return None
