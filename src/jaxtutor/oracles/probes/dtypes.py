"""The probes of the answer's dtype: an integer array where the reference's holds
fractions, which are then gone whatever else is wrong; a 16-bit float where the
reference's numbers are wider."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import (
    Probe,
    _diagnosis,
    _leaves,
    _short,
    _title,
    _tree_leaves,
)
from jaxtutor.oracles.values import matches
from jaxtutor.runner.wire import Opaque
from jaxtutor.verdict import Diagnosis


def _integer_result(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """An integer array where the reference's holds fractions, on a wrong case: they
    are gone, whatever else is wrong."""
    for i in wrong:
        got, want = _leaves(p.answers[i], dtypes=True), _leaves(p.expected[i], dtypes=True)
        if got is None or want is None or len(got) != len(want):
            continue
        for g, w in zip(got, want):
            fractions = w.dtype.kind == "f" and bool(np.any(w != np.round(w)))
            if g.dtype.kind in "iub" and fractions and g.shape == w.shape:
                return _diagnosis(
                    "integer_result",
                    f"On the case {_title(p, i)} your result is an array of {g.dtype}, where "
                    f"the expected one holds floats (yours {_short(g)}, expected "
                    f"{_short(w)}): an integer array holds no fractions, so every fraction "
                    "in it is lost.",
                    "Find where your code makes an integer array or turns one into it (a "
                    "dtype=jnp.int32, an .astype to an integer type, an integer array the "
                    "values are added into) and keep the values as floats there.",
                )
    return None


# 16-bit floats keep about three significant digits: bfloat16 arrives as an object the
# wire does not decode, float16 as an array
_HALF = ("bfloat16", "float16")


def _low_precision(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A 16-bit float in a wrong answer where the reference holds wider floats: a
    bfloat16 the tutor cannot read as numbers, or a float16 whose numbers are off by no
    more than its rounding."""
    for i in wrong:
        halves = [name for leaf in _tree_leaves(p.answers[i]) if (name := _half_name(leaf))]
        if not halves or not _leaves(p.expected[i]):
            continue
        half = halves[0]
        if half == "bfloat16":
            said = "so the tutor does not take it as the answer"
        elif matches(p.answers[i], p.expected[i], rtol=1e-2, atol=1e-3):
            said = "your numbers are off from the expected ones by about that rounding"
        else:
            continue
        return _diagnosis(
            "low_precision",
            f"On the case {_title(p, i)} your result holds a {half} array, where float32 "
            f"numbers are asked: {half} keeps about three significant digits, {said}.",
            f"Find where your code makes {half} values (a dtype=jnp.{half}, an .astype) "
            "and keep float32 there, or convert back with .astype(jnp.float32) before "
            "returning.",
        )
    return None


def _half_name(leaf) -> str | None:
    if isinstance(leaf, Opaque):
        name = leaf.type_name.removesuffix(" array")
    elif isinstance(leaf, np.ndarray):
        name = leaf.dtype.name
    else:
        return None
    return name if name in _HALF else None
