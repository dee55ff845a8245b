"""Values as the oracles compare and show them: structure and shape checked exactly
before the numbers, within a tolerance for float32 answers against a float64 reference.
"""

from __future__ import annotations

import numpy as np

from jaxtutor.runner.wire import Opaque

# float32 arithmetic in the learner's process against a float64 reference
RTOL, ATOL = 2e-4, 2e-5


DESCRIBED_ENTRIES = 3  # entries of a tuple (keys of a dict) a description names
DESCRIBED_DEPTH = 2  # nested containers a description looks into


def describe(value, _depth: int = 0, dtypes: bool = True) -> str:
    """A short, learner-facing description of a returned value's structure. Short
    whatever the value: a 40,000-entry tuple is described by its length and first few.
    Without `dtypes` arrays are told by their shape alone (a reference's float64 is not
    what the learner is asked for)."""
    if value is None:
        return "None"
    if isinstance(value, Opaque):
        return f"a {value.type_name}"
    if isinstance(value, bool):
        return f"the Python bool {value}"
    if isinstance(value, (int, float)):
        return f"the Python number {value!r}"
    if isinstance(value, tuple):
        if _depth >= DESCRIBED_DEPTH:
            return f"a tuple of {len(value)}"
        entries = [describe(v, _depth + 1, dtypes) for v in value[:DESCRIBED_ENTRIES]]
        return f"a tuple of {len(value)} ({_first_few(entries, len(value))})"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        keys = [repr(k[:40]) for k in sorted(value)[:DESCRIBED_ENTRIES]]
        return f"a dict with keys [{_first_few(keys, len(value))}]"
    if isinstance(value, np.ndarray):
        dtype = f" and dtype {value.dtype}" if dtypes else ""
        return f"an array of shape {tuple(value.shape)}{dtype}"
    return type(value).__name__


def _first_few(described: list[str], total: int) -> str:
    more = total - len(described)
    return ", ".join(described + ([f"and {more} more"] if more > 0 else []))


def as_array(value) -> np.ndarray | None:
    """The value as a float64 array if it is an array or a Python number, else None."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        return value.astype(np.float64)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return np.asarray(float(value))
    return None


def mismatch(got, expected, rtol: float = RTOL, atol: float = ATOL) -> str | None:
    """None when `got` matches `expected` (a pytree of float64 arrays) in structure,
    shape and value; otherwise the first difference, in words."""
    if isinstance(expected, tuple):
        if not isinstance(got, (tuple, list)) or len(got) != len(expected):
            return f"expected a tuple of {len(expected)}, got {describe(got)}"
        for i, (g, e) in enumerate(zip(got, expected)):
            if (problem := mismatch(g, e, rtol, atol)) is not None:
                return f"entry {i}: {problem}"
        return None
    if isinstance(expected, dict):
        if not isinstance(got, dict) or set(got) != set(expected):
            return f"expected a dict with keys {sorted(expected)}, got {describe(got)}"
        for key in expected:
            if (problem := mismatch(got[key], expected[key], rtol, atol)) is not None:
                return f"[{key!r}]: {problem}"
        return None
    if expected is None:  # an empty subtree (a scan step's None output): None alone fits
        return None if got is None else f"expected None, got {describe(got)}"
    if isinstance(expected, Opaque):  # a mutant's answer the child could not send as data
        same = isinstance(got, Opaque) and got.type_name == expected.type_name
        return None if same else f"expected {expected!r}, got {describe(got)}"
    arr = as_array(got)
    expected = np.asarray(expected, dtype=np.float64)
    if arr is None:
        return f"expected an array of shape {expected.shape}, got {describe(got)}"
    if arr.shape != expected.shape:
        return f"expected shape {expected.shape}, got shape {arr.shape}"
    if not np.all(np.isfinite(arr)) and np.all(np.isfinite(expected)):
        return "got NaN or infinity"
    # NaN where the expected answer has NaN too (a mutant's, at the edge where it divides
    # by zero) is the same answer: the reference's has none
    if not np.allclose(arr, expected, rtol=rtol, atol=atol, equal_nan=True):
        worst = np.unravel_index(np.argmax(np.abs(arr - expected)), arr.shape) if arr.shape else ()
        at = f" at index {tuple(int(i) for i in worst)}" if arr.shape else ""
        return f"expected {fmt(expected[worst])}{at}, got {fmt(arr[worst])}"
    return None


def agreeing(got: list, expected: list, rtol: float = RTOL, atol: float = ATOL) -> list[bool]:
    """Per pair of answers, whether `mismatch` would find nothing, decided for many
    pairs at once: a check compares hundreds of cases, and a few numpy calls per case
    were most of the tutor's own time. Pairs of plain arrays and numbers in the same
    structure are grouped by their shapes, and each group is compared with one call per
    leaf. False where the pair needs `mismatch` itself: it differs, or it is not plain."""
    out = [False] * len(got)
    groups: dict[tuple, list[tuple[int, list]]] = {}
    for i, (g, e) in enumerate(zip(got, expected, strict=True)):
        leaves: list[tuple[np.ndarray, np.ndarray]] = []
        if _plain_leaves(g, e, leaves):
            groups.setdefault(tuple(a.shape for a, _ in leaves), []).append((i, leaves))
    for shapes, members in groups.items():
        ok = np.ones(len(members), dtype=bool)
        for k, shape in enumerate(shapes):
            flat = (len(members), int(np.prod(shape, dtype=np.int64)))
            arr = np.stack([leaves[k][0] for _, leaves in members]).reshape(flat)
            want = np.stack([leaves[k][1] for _, leaves in members]).reshape(flat)
            # a NaN or an infinity where the reference has a finite number is never close
            ok &= np.isclose(arr, want, rtol=rtol, atol=atol, equal_nan=True).all(axis=1)
        for (i, _), agrees in zip(members, ok):
            out[i] = bool(agrees)
    return out


def _plain_leaves(got, expected, leaves: list) -> bool:
    """Collect the float64 leaf pairs of two answers whose structures and shapes agree
    as `mismatch` requires; False at anything else (an error, an opaque object)."""
    if isinstance(expected, tuple):
        return (
            isinstance(got, (tuple, list))
            and len(got) == len(expected)
            and all(_plain_leaves(g, e, leaves) for g, e in zip(got, expected))
        )
    if isinstance(expected, dict):
        return (
            isinstance(got, dict)
            and set(got) == set(expected)
            and all(_plain_leaves(got[k], expected[k], leaves) for k in expected)
        )
    if expected is None:
        return got is None
    if isinstance(expected, Opaque) or (arr := as_array(got)) is None:
        return False
    try:
        want = np.asarray(expected, dtype=np.float64)
    except (TypeError, ValueError):
        return False
    if arr.shape != want.shape:
        return False
    leaves.append((arr, want))
    return True


def matches(got, expected, rtol: float = RTOL, atol: float = ATOL) -> bool:
    return mismatch(got, expected, rtol, atol) is None


def fmt(x) -> str:
    return f"{float(x):.6g}"


def as_tree(value):
    """Lists become tuples, so answers compare as pytrees (a reply's lists are tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(as_tree(v) for v in value)
    if isinstance(value, dict):
        return {k: as_tree(v) for k, v in value.items()}
    return value
