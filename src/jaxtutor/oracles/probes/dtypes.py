"""The probe of the answer's dtype: an integer array where the reference's holds
fractions, which are then gone whatever else is wrong."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import Probe, _diagnosis, _leaves, _short, _title
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
