"""What the data shows when no named mistake fits: the learner's answers set beside
the reference's across the cases, for any exercise (built-in or TOML).

Each probe states a fact about the learner's answers, in the learner's terms, naming
the case and the numbers: a constant factor (or a flipped sign) on every case; a
factor equal to one of the case's sizes; a transposed or mis-shaped result; a tuple
with its entries swapped or only some of them right; NaN or inf where the reference
is finite; right only on the cases where some size is 1; a result that does not
change when one argument does. All but the last reuse the answers already computed;
the last costs one more round trip of calls of the learner's function on inputs
chosen here, and every verdict is reached here, never in the learner's process.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from jaxtutor.oracles.base import Case, as_array, fmt, matches
from jaxtutor.runner.sandbox import LearnerRaised
from jaxtutor.verdict import Diagnosis

# a learner's float32 answer set beside a transformed float64 reference
CLOSE = dict(rtol=2e-3, atol=2e-4)
_NAMED_FACTORS = {-1.0: "the negative of", 2.0: "twice", 0.5: "half", 3.0: "three times",
                  -2.0: "minus twice", 4.0: "four times", 0.25: "a quarter of"}


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


def probe(p: Probe) -> Diagnosis | None:
    """The first thing the data shows, or None when it shows nothing we can say."""
    wrong = [i for i, (c, a, e) in enumerate(zip(p.cases, p.answers, p.expected))
             if not isinstance(a, LearnerRaised) and not matches(a, e)]
    if not wrong:
        return None
    for look in (_non_finite, _tuple_form, _shape, _tuple_entries, _factor, _step_from_argument,
                 _only_size_one, _ignored_argument):
        try:
            found = look(p, wrong)
        except (TypeError, ValueError, IndexError):  # answers of a form no probe foresaw:
            found = None  # the verdict stands without this probe's words
        if found is not None:
            return found
    return None


def _same(got, reference) -> bool:
    """Two answers of the learner's agree; False where either is not made of numbers
    (an object of the learner's own type compares as nothing here)."""
    if _leaves(got) is None or _leaves(reference) is None:
        return False
    try:
        return matches(got, reference)
    except (TypeError, ValueError):
        return False


def _leaves(value) -> list | None:
    """A value's arrays in order, or None where something is not a number."""
    if isinstance(value, (tuple, list)):
        out = []
        for v in value:
            sub = _leaves(v)
            if sub is None:
                return None
            out += sub
        return out
    if isinstance(value, dict):
        return _leaves([value[k] for k in sorted(value)])
    arr = as_array(value)
    return None if arr is None else [arr]


def _flat(value) -> np.ndarray | None:
    leaves = _leaves(value)
    if not leaves:
        return None
    return np.concatenate([leaf.reshape(-1) for leaf in leaves])


def _title(p: Probe, i: int) -> str:
    return f"\"{p.cases[i].title(failed=True)}\""


def _diagnosis(kind: str, message: str, hint: str) -> Diagnosis:
    return Diagnosis(f"probe_{kind}", message, hint=hint)


def _non_finite(p: Probe, wrong: list[int]) -> Diagnosis | None:
    for i in wrong:
        got, want = _flat(p.answers[i]), _flat(p.expected[i])
        if got is None or want is None or got.shape != want.shape:
            continue
        bad = ~np.isfinite(got) & np.isfinite(want)
        if bad.any():
            k = int(np.argmax(bad))
            what = "NaN" if np.isnan(got[k]) else "inf"
            where = f" at position {k}" if got.size > 1 else ""
            return _diagnosis(
                "non_finite",
                f"On the case {_title(p, i)} your result holds {what}{where}, where the "
                f"expected value is {fmt(want[k])}.",
                "NaN or inf comes from a division by zero, a log or sqrt of a non-positive "
                "number, or a value that grows without bound (a step size too large, an "
                "update added instead of subtracted). Print the intermediate values of that "
                "case to find the first one that is not finite.")
    return None


def _shape(p: Probe, wrong: list[int]) -> Diagnosis | None:
    for i in wrong:
        got, want = p.answers[i], p.expected[i]
        g, w = as_array(got), as_array(want)
        if g is None or w is None or g.shape == w.shape:
            continue
        if g.ndim == 2 and g.T.shape == w.shape and np.allclose(g.T, w, **CLOSE):
            return _diagnosis(
                "transposed",
                f"On the case {_title(p, i)} your result has shape {g.shape}, the transpose "
                f"of the expected {w.shape}, and its transpose is the right answer.",
                "Your numbers are right but rows and columns are swapped. Look at which "
                "axis holds the examples: the expected result has one row per example.")
        if g.size == w.size and np.allclose(g.reshape(w.shape), w, **CLOSE):
            return _diagnosis(
                "reshaped",
                f"On the case {_title(p, i)} your result holds the right numbers, in shape "
                f"{g.shape} where {w.shape} is expected.",
                "Return the value in the expected shape: check for an extra axis, a "
                "reshape, or an indexing that kept a dimension.")
        if w.shape == () and g.size > 1 and np.isclose(g.sum(), w, **CLOSE):
            return _diagnosis(
                "not_summed",
                f"On the case {_title(p, i)} your result has shape {g.shape}, and its sum, "
                f"{fmt(g.sum())}, is the expected number.",
                "Sum the values over the batch, so the result is one number.")
        return _diagnosis(
            "shape",
            f"On the case {_title(p, i)} your result has shape {g.shape}, where the expected "
            f"result has shape {w.shape}.",
            "Print the shape of your result and of each intermediate value on that case, "
            "and find where an axis is added, lost or summed.")
    return None


def _tuple_form(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A tuple expected: one entry of it returned alone, or a tuple of another length."""
    i = wrong[0]
    got, want = p.answers[i], p.expected[i]
    if not isinstance(want, tuple):
        return None
    if not isinstance(got, (tuple, list)):
        entry = next((k for k, e in enumerate(want) if matches(got, e)), None)
        if entry is not None:
            return _diagnosis(
                "one_entry_only",
                f"You returned one value where a tuple of {len(want)} is asked for; on the "
                f"case {_title(p, i)} it is the right entry {entry} of that tuple.",
                f"Return all {len(want)} entries as a tuple, in the order the exercise "
                "gives; the value you return is the right one for its place.")
        return None
    if len(got) != len(want):
        right = [k for k in range(min(len(got), len(want))) if matches(got[k], want[k])]
        said = f" (entries {', '.join(map(str, right))} are right)" if right else ""
        return _diagnosis(
            "tuple_length",
            f"You returned a tuple of {len(got)} entries where {len(want)} are asked for, on "
            f"the case {_title(p, i)}{said}.",
            f"Return exactly {len(want)} values, in the order the exercise asks for.")
    return None


def _tuple_entries(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A tuple answer: its entries swapped, or some entries right on every case."""
    pairs = [(p.answers[i], p.expected[i]) for i in wrong]
    if not all(isinstance(g, (tuple, list)) and isinstance(e, tuple) and len(g) == len(e) > 1
               for g, e in pairs):
        return None
    n = len(pairs[0][1])
    if n == 2 and all(matches(g[0], e[1]) and matches(g[1], e[0]) for g, e in pairs):
        return _diagnosis(
            "swapped_entries",
            f"Your two results are in swapped order: on the case {_title(p, wrong[0])} your "
            "first entry is the expected second one, and your second the expected first.",
            "Return the entries in the order the exercise asks for.")
    right = [k for k in range(n) if all(matches(g[k], e[k]) for g, e in pairs)]
    if right and len(right) < n:
        bad = [k for k in range(n) if k not in right]
        return _diagnosis(
            "some_entries",
            f"Entry {', '.join(map(str, right))} of your tuple is right on every case; "
            f"entry {', '.join(map(str, bad))} is not (on the case {_title(p, wrong[0])}: "
            + "; ".join(_compare(pairs[0][0][k], pairs[0][1][k]) for k in bad) + ").",
            f"Only entry {', '.join(map(str, bad))} needs work: compute it on that case by "
            "hand and compare with your code's steps.")
    return None


def _compare(got, want) -> str:
    g, w = _flat(got), _flat(want)
    if g is None or w is None or g.shape != w.shape or not g.size:
        return "its type or shape differs"
    k = int(np.argmax(np.abs(g - w)))
    return f"yours {fmt(g[k])}, expected {fmt(w[k])}"


def _ratios(p: Probe, wrong: list[int]) -> list[float] | None:
    """Per wrong case, the one factor between the learner's answer and the expected one."""
    out = []
    for i in wrong:
        g, w = _flat(p.answers[i]), _flat(p.expected[i])
        if g is None or w is None or g.shape != w.shape:
            return None
        big = np.abs(w) > 1e-3
        if not big.any() or not np.all(np.isfinite(g)):
            return None
        r = float(np.median(g[big] / w[big]))
        if r == 0 or not np.allclose(g, r * w, **CLOSE):
            return None
        out.append(r)
    return out


def _factor_words(r: float) -> str:
    for value, words in _NAMED_FACTORS.items():
        if np.isclose(r, value, rtol=1e-3):
            return words
    return f"{r:.4g} times"


def _factor(p: Probe, wrong: list[int]) -> Diagnosis | None:
    ratios = _ratios(p, wrong)
    if not ratios:
        return None
    i = wrong[0]
    g, w = _flat(p.answers[i]), _flat(p.expected[i])
    k = int(np.argmax(np.abs(w)))
    numbers = f"on the case {_title(p, i)}, yours is {fmt(g[k])} where {fmt(w[k])} is expected"
    if (by_size := _size_factor(p, wrong, ratios, numbers)) is not None:
        return by_size
    if np.allclose(ratios, ratios[0], rtol=1e-3):
        r = ratios[0]
        if np.isclose(r, -1.0, rtol=1e-3):
            return _diagnosis(
                "sign_flipped",
                f"Your result is the negative of the expected one on every case you got wrong: "
                f"{numbers}.",
                "Somewhere a sign is flipped: a subtraction written the other way round, or "
                "a step that adds the gradient instead of subtracting it.")
        return _diagnosis(
            "constant_factor",
            f"Your result is {_factor_words(r)} the expected one on every case you got "
            f"wrong: {numbers}.",
            "A constant factor is missing or extra: compare the constants in your formula "
            "(a 2 from a square, a learning rate, a mean where a sum is meant).")
    return None


def _size_factor(p: Probe, wrong: list[int], ratios: list[float], numbers: str):
    """A factor that follows one of the case's sizes (a mean for a sum, say)."""
    for arg, axis, label in _dims(p):
        sizes = [_size(p.cases[j], arg, axis) for j in wrong]
        if None in sizes or min(sizes) < 2:
            continue
        # one size on every wrong case could be a coincidence: then a right case of size
        # 1 must show that the factor follows the size
        if len(set(sizes)) == 1 and not any(
                _size(c, arg, axis) == 1 and not isinstance(a, LearnerRaised) and matches(a, e)
                for c, a, e in zip(p.cases, p.answers, p.expected)):
            continue
        if np.allclose(ratios, [1 / s for s in sizes], rtol=1e-3):
            return _diagnosis(
                "divided_by_size",
                f"Your result is the expected one divided by {label} on every case you got "
                f"wrong: {numbers}, with {label} = {sizes[0]}.",
                f"Dividing by {label} is what jnp.mean does; the exercise asks for a sum.")
        if np.allclose(ratios, sizes, rtol=1e-3):
            return _diagnosis(
                "times_size",
                f"Your result is the expected one multiplied by {label} on every case you got "
                f"wrong: {numbers}, with {label} = {sizes[0]}.",
                f"Something is added up {label} times too often: a sum where a mean is meant, "
                "or a value counted once per example.")
    return None


def _step_from_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """An update of an argument (w, say): the learner's change from it is a constant
    multiple of the expected change (the other way, or twice as far)."""
    for k, name in enumerate(p.arg_names):
        ratios = []
        for i in wrong:
            start = _flat(p.cases[i].args[k]) if k < len(p.cases[i].args) else None
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            if start is None or g is None or w is None or not g.shape == w.shape == start.shape:
                break
            mine, theirs = g - start, w - start
            big = np.abs(theirs) > 1e-3
            if not big.any():
                break
            r = float(np.median(mine[big] / theirs[big]))
            if not np.allclose(mine, r * theirs, **CLOSE):
                break
            ratios.append(r)
        else:
            if ratios and np.allclose(ratios, ratios[0], rtol=1e-3) \
                    and not np.isclose(ratios[0], 1.0, rtol=1e-3):
                r, i = ratios[0], wrong[0]
                g, w = _flat(p.answers[i]), _flat(p.expected[i])
                start = _flat(p.cases[i].args[k])
                numbers = (f"on the case {_title(p, i)}, from {name} = {fmt(start[0])} you "
                           f"moved to {fmt(g[0])} where {fmt(w[0])} is expected")
                if np.isclose(r, -1.0, rtol=1e-3):
                    return _diagnosis(
                        "step_reversed",
                        f"Your result moves away from {name} in the opposite direction to the "
                        f"expected one, by the same amount: {numbers}.",
                        "The step's sign is flipped: gradient descent subtracts, "
                        f"new = {name} - lr * gradient.")
                if np.isclose(r, 0.0, atol=1e-6):
                    return _diagnosis(
                        "no_step",
                        f"Your result is {name} unchanged: {numbers}.",
                        f"Return the updated value, {name} - lr * gradient, not {name} itself.")
                return _diagnosis(
                    "step_factor",
                    f"Your step away from {name} is {_factor_words(r)} the expected step: "
                    f"{numbers}.",
                    "The direction is right but the step size is not: check the learning "
                    "rate you multiply by and the constants of your gradient.")
    return None


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


def _only_size_one(p: Probe, wrong: list[int]) -> Diagnosis | None:
    right = [i for i in range(len(p.cases)) if i not in wrong
             and not isinstance(p.answers[i], LearnerRaised)]
    if not right:
        return None
    for arg, axis, label in _dims(p):
        if all(_size(p.cases[i], arg, axis) == 1 for i in right) \
                and all((_size(p.cases[i], arg, axis) or 0) > 1 for i in wrong):
            i = wrong[0]
            return _diagnosis(
                "only_size_one",
                f"Your answers are right exactly on the cases where {label} = 1, and wrong "
                f"on every case where it is larger (the case {_title(p, i)} has {label} = "
                f"{_size(p.cases[i], arg, axis)}: {_compare(p.answers[i], p.expected[i])}).",
                f"With {label} = 1 a sum, a mean and a single entry are all the same number. "
                f"Check how your code combines the {label} entries: which one it takes, or "
                "whether it sums or averages them.")
    return None


# each argument is changed twice, once keeping its signs and once flipping them, so a
# result that only looks at signs or magnitudes still moves on one of them
CHANGES = ((1.75, 0.125), (-1.5, -0.5))


def _perturbed(value, scale: float = 1.75, shift: float = 0.125):
    """The same kind of value, with every number changed."""
    if isinstance(value, dict):
        return {k: _perturbed(v, scale, shift) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_perturbed(v, scale, shift) for v in value)
    if isinstance(value, float):
        return float(np.float32(value * scale + shift))
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return (value * scale + shift).astype(value.dtype)
    return None  # integers and flags are left alone: they often select, not scale


IGNORED_CASES = 2  # wrong cases an argument must be ignored on (one can be a coincidence)


def _ignored_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Call the learner again with each argument changed in turn, on a few wrong cases
    (one round trip): an argument whose change moves the reference's answer but never
    the learner's, on every one of them, is one the code ignores."""
    if p.call_many is None or p.reference is None:
        return None
    # teaching cases first: their inputs are shown, so the learner can try them
    chosen = sorted(wrong, key=lambda i: p.cases[i].hidden)[:IGNORED_CASES]
    calls, which = [], []
    for i in chosen:
        args = p.cases[i].args
        for k, value in enumerate(args):
            for scale, shift in CHANGES:
                changed = _perturbed(value, scale, shift)
                if changed is not None:
                    calls.append(args[:k] + (changed,) + args[k + 1:])
                    which.append((i, k))
    if not calls:
        return None
    mine = p.call_many(calls)
    # the reference is asked only about arguments the learner's answers did not follow
    # (for a TOML lesson it runs in a child of its own)
    unmoved = {k for (i, k), got in zip(which, mine)
               if not isinstance(got, LearnerRaised) and _same(got, p.answers[i])}
    still = {k for k in unmoved if all(_same(got, p.answers[i]) for (i, kk), got
                                       in zip(which, mine) if kk == k)}
    if not still:
        return None
    asked = [n for n, (_, k) in enumerate(which) if k in still]
    answered = dict(zip(asked, p.reference([calls[n] for n in asked])))
    theirs = [answered.get(n) for n in range(len(calls))]
    seen: dict[int, list] = {}
    for (i, k), call, got, want in zip(which, calls, mine, theirs):
        ignored = (not isinstance(got, LearnerRaised) and want is not None
                   and _same(got, p.answers[i]) and not _same(want, p.expected[i]))
        seen.setdefault(k, []).append((i, call, got, want) if ignored else None)
    ignored = [k for k, found in seen.items() if found and None not in found]
    if len(ignored) > 1 and len(ignored) == len(seen):
        i = chosen[0]
        names = ", ".join(p.arg_names[k] if k < len(p.arg_names) else f"argument {k}"
                          for k in ignored)
        return _diagnosis(
            "constant_result",
            f"Your result does not change whatever the arguments are: on the case "
            f"{_title(p, i)} it is {_short(p.answers[i])}, and it stays that when any of "
            f"{names} changes.",
            "Your function returns a fixed value: check that it computes its result from "
            "its arguments and returns that.")
    for k, found in seen.items():
        if not found or None in found:
            continue
        i, call, got, want = found[0]
        args = p.cases[i].args
        name = p.arg_names[k] if k < len(p.arg_names) else f"argument {k}"
        shown = (f"{name} = {fmt(args[k])} and {name} = {fmt(call[k])}"
                 if np.ndim(args[k]) == 0 and not isinstance(args[k], dict)
                 else f"{name} as given and {name} with every entry changed")
        cases_seen = len({c for c, *_ in found})
        more = f" (and the same on {cases_seen - 1} more case(s))" if cases_seen > 1 else ""
        return _diagnosis(
            "ignored_argument",
            f"Your result does not change when {name} changes: on the case {_title(p, i)}, "
            f"{shown} both give {_short(got)}, where the expected results are "
            f"{_short(p.expected[i])} and {_short(want)}{more}.",
            f"Your result does not depend on the {name} it is given: look for a hard-coded "
            f"value, a global, or a variable from an earlier call used where {name} belongs.")
    return None


def _short(value) -> str:
    flat = _flat(value)
    if flat is None:
        return "a value that is not a number"
    if flat.size == 1:
        return fmt(flat[0])
    return "[" + ", ".join(fmt(v) for v in flat[:3]) + (", ...]" if flat.size > 3 else "]")
