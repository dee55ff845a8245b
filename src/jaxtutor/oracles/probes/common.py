"""What every probe reads: the cases and answers of one check, the answers' numbers in
order, and the words a probe's finding is said in."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.evidence import without_comments
from jaxtutor.oracles.values import ATOL, RTOL, as_array, fmt, matches
from jaxtutor.verdict import Diagnosis


class Tolerance(TypedDict):
    rtol: float
    atol: float


# a learner's float32 answer set beside a transformed float64 reference
CLOSE = Tolerance(rtol=2e-3, atol=2e-4)


@dataclass
class Probe:
    """The cases and answers one check has, and how to ask for more."""

    cases: list[Case]
    answers: list  # the learner's, a LearnerRaised where a call raised
    expected: list  # the reference's, per case
    arg_names: tuple[str, ...]
    # more calls of the learner's function (one round trip), and the reference on them
    call_many: Callable[[list[tuple]], list] | None = None
    reference: Callable[[list[tuple]], list] | None = None
    dim_name: Callable[[int, int], str | None] | None = None  # (argument, axis) -> "N"
    source: str = ""  # the learner's file: a cause is named only where its construct is
    axes: tuple[str, ...] = ()  # the result's axes in the task's words, outer first
    tolerance: tuple[float, float] = (RTOL, ATOL)  # the exercise's (rtol, atol)

    def right(self, i: int, got, want) -> bool:
        """Whether `got` is `want` at the tolerance the verdict judged case i with, so a
        probe never calls right what the verdict failed (or the other way round)."""
        return matches(got, want, *self.cases[i].tolerance(*self.tolerance))


# constructs a probe may name as a cause only where the learner's code has them
CONSTRUCTS = {
    "grad": r"\b(?:value_and_)?grad\b",
    "mean": r"\bmean\b",
    "sum": r"\bsum\b",
    "loop": r"^\s*(?:for|while)\b|\b(?:scan|fori_loop|while_loop)\b",
    "at": r"\.at\[",
    # rounding, or an integer made: int(x), astype(int), jnp.floor, an int32 dtype
    "rounding": r"\b(?:int|round|floor|ceil|trunc|rint|fix|around|u?int(?:8|16|32|64))\b",
    # a value cast to 16-bit floats: float16's 11 significant bits
    "half": r"\b(?:float16|half)\b",
}


# where a file uses .at[], the hint for an update made and not kept
AT_NOT_KEPT = (
    "x.at[i].set(v) makes a new array and leaves x as it was: keep what it returns "
    "(x = x.at[i].set(v))."
)


def uses(p: Probe, construct: str) -> bool:
    """Whether the learner's code (its comments left out) has `construct`."""
    code = without_comments(p.source)
    return bool(re.search(CONSTRUCTS[construct], code, re.M))


def _same(got, reference) -> bool:
    """Two answers of the learner's agree; False where either is not made of numbers
    (an object of the learner's own type compares as nothing here)."""
    if _leaves(got) is None or _leaves(reference) is None:
        return False
    try:
        return matches(got, reference)
    except (TypeError, ValueError):
        return False


def _tree_leaves(value) -> list:
    """Every leaf of a pytree in order (a dict's by sorted key), whatever it holds."""
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in _tree_leaves(v)]
    if isinstance(value, dict):
        return [leaf for k in sorted(value) for leaf in _tree_leaves(value[k])]
    return [value]


def _leaves(value, dtypes: bool = False) -> list | None:
    """A value's arrays in order, or None where something is not a number: as float64
    to compare them, or with `dtypes` its arrays as they came."""
    out = []
    for leaf in _tree_leaves(value):
        if dtypes and isinstance(leaf, np.ndarray) and leaf.dtype.kind in "biuf":
            out.append(leaf)
        elif (arr := as_array(leaf)) is not None:
            out.append(arr)
        else:
            return None
    return out


def _flat(value) -> np.ndarray | None:
    leaves = _leaves(value)
    if not leaves:
        return None
    return np.concatenate([leaf.reshape(-1) for leaf in leaves])


def _title(p: Probe, i: int) -> str:
    return f'"{p.cases[i].title(failed=True, brief=True)}"'


def _diagnosis(kind: str, message: str, hint: str) -> Diagnosis:
    return Diagnosis(f"probe_{kind}", message, hint=hint)


def _compare(got, want) -> str:
    g, w = _flat(got), _flat(want)
    if g is None or w is None or g.shape != w.shape or not g.size:
        return "its type or shape differs"
    k = int(np.argmax(np.abs(g - w)))
    return f"yours {fmt(g[k])}, expected {fmt(w[k])}"


def _size(case: Case, arg: int, axis: int) -> int | None:
    shape = np.shape(case.args[arg]) if arg < len(case.args) else ()
    return shape[axis] if axis < len(shape) else None


def _dims(p: Probe) -> list[tuple[int, int, str]]:
    """Every (argument, axis) with an array shape, and the name the learner knows it by."""
    first = p.cases[0].args
    out = []
    for arg, value in enumerate(first):
        if isinstance(value, np.ndarray):
            for axis in range(value.ndim):
                name = p.dim_name(arg, axis) if p.dim_name else None
                arg_name = p.arg_names[arg] if arg < len(p.arg_names) else f"argument {arg}"
                out.append((arg, axis, name or f"{arg_name}.shape[{axis}]"))
    return out


def _short(value) -> str:
    flat = _flat(value)
    if flat is None:
        return "a value that is not a number"
    if flat.size == 1:
        return fmt(flat[0])
    return "[" + ", ".join(fmt(v) for v in flat[:3]) + (", ...]" if flat.size > 3 else "]")
