"""What the data shows when no named mistake fits: the learner's answers set beside
the reference's across the cases, for any exercise (built-in or TOML).

Each probe states a fact about the learner's answers, in the learner's terms, naming
the case and the numbers: a constant factor (or a flipped sign) on every case; a
factor equal to one of the case's sizes; a transposed or mis-shaped result; a tuple
with its entries swapped or only some of them right (and what the wrong one shows), or
a tuple where a dict is asked; a step from an argument reversed, scaled, divided by a
size, or returned in place of the updated value; NaN or inf where the reference is
finite; rows in another order (one place off: an index off by one); an argument's first
entry counted twice; a sequence right for its first k steps, then off; a result that
does not change when one argument does; right only on the cases where some size is 1.
The ignored argument costs one more round trip of calls of the learner's function on
inputs chosen here; the others reuse the answers already computed, and every verdict is
reached here, never in the learner's process. A probe says a cause only where the data
proves it (a factor of two is a factor of two, not "a sum where a mean is meant").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.values import as_array, fmt, matches
from jaxtutor.runner.host.sandbox import LearnerRaised
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
    # an ignored argument before "right only where N = 1": a hard-coded lr that happens
    # to equal the one case of size 1 is not a sum where a mean is meant
    for look in (_non_finite, _tuple_form, _shape, _tuple_entries, _factor, _step_from_argument,
                 _permuted, _offset, _steps_then_off, _ignored_argument, _only_size_one):
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
    if isinstance(want, dict) and isinstance(got, (tuple, list)) and len(got) == len(want):
        keys = list(want)
        if all(any(_same(p.answers[j][n], p.expected[j][k]) for k in keys)
               for j in wrong for n in range(len(keys))):
            asked = ", ".join(f'"{k}": ...' for k in keys)
            return _diagnosis(
                "tuple_for_dict",
                f"You returned a tuple of {len(got)} values where a dict {{{asked}}} is asked "
                f"for; on the case {_title(p, i)} the values themselves are right.",
                f"Return the dict, {{{asked}}}, with each value under its key.")
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
        if len(bad) == 1 and (found := _entry_shows(p, wrong, bad[0])) is not None:
            return _diagnosis(found.id.removeprefix("probe_"),
                              f"Entry {', '.join(map(str, right))} of your tuple is right on "
                              f"every case; in entry {bad[0]}, {found.message[0].lower()}{found.message[1:]}",
                              found.hint)
        return _diagnosis(
            "some_entries",
            f"Entry {', '.join(map(str, right))} of your tuple is right on every case; "
            f"entry {', '.join(map(str, bad))} is not (on the case {_title(p, wrong[0])}: "
            + "; ".join(_compare(pairs[0][0][k], pairs[0][1][k]) for k in bad) + ").",
            f"Only entry {', '.join(map(str, bad))} needs work: compute it on that case by "
            "hand and compare with your code's steps.")
    return None


def _entry_shows(p: Probe, wrong: list[int], k: int) -> Diagnosis | None:
    """What one entry of a tuple answer shows on its own: a pair holding the right value
    (a scan's whole carry returned), a factor, a shift, the first step that is off."""
    got = [p.answers[i][k] for i in wrong]
    want = [p.expected[i][k] for i in wrong]
    if all(isinstance(g, (tuple, list)) for g in got):
        for m in range(len(got[0])):
            if all(len(g) > m and _same(g[m], w) for g, w in zip(got, want)):
                return _diagnosis(
                    "entry_in_a_tuple",
                    f"it is a tuple of {len(got[0])} values, and its value {m} is the "
                    f"expected entry {k} on every case (a scan's whole carry returned, say).",
                    f"Return only that value as entry {k}: unpack the tuple first, "
                    "for example (w, _), losses = lax.scan(...).")
    # every case, so that a right case of size 1 still shows a factor follows a size
    def entry(value):
        return value[k] if isinstance(value, (tuple, list)) and len(value) > k else value

    sub = Probe(p.cases, [entry(a) for a in p.answers], [entry(e) for e in p.expected],
                p.arg_names, dim_name=p.dim_name)
    for look in (_step_from_argument, _factor, _permuted, _offset, _steps_then_off):
        try:
            found = look(sub, wrong)
        except (TypeError, ValueError, IndexError):
            found = None
        if found is not None:
            return found
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
    found = _follows_size(p, wrong, ratios)
    if found is None:
        return None
    kind, label, size = found
    if kind == "divided_by_size":
        return _diagnosis(
            kind,
            f"Your result is the expected one divided by {label} on every case you got "
            f"wrong: {numbers}, with {label} = {size}.",
            f"Dividing by {label} is what jnp.mean does; the exercise asks for a sum.")
    return _diagnosis(
        kind,
        f"Your result is the expected one multiplied by {label} on every case you got "
        f"wrong: {numbers}, with {label} = {size}.",
        f"Something is added up {label} times too often: a sum where a mean is meant, "
        "or a value counted once per example.")


def _follows_size(p: Probe, wrong: list[int], ratios: list[float]):
    """("divided_by_size" or "times_size", the size's name, its value on the first wrong
    case) where the ratios are 1/size or size of one of the case's sizes."""
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
            return "divided_by_size", label, sizes[0]
        if np.allclose(ratios, sizes, rtol=1e-3):
            return "times_size", label, sizes[0]
    return None


def _starts(p: Probe, i: int) -> list[tuple[str, np.ndarray | None]]:
    """What an answer may be an update of, per case: each argument, and where the answer
    is a dict whose keys are arguments (params built from w and b), those arguments."""
    args = p.cases[i].args
    out = [(name, _flat(args[k]) if k < len(args) else None)
           for k, name in enumerate(p.arg_names)]
    want = p.expected[i]
    if isinstance(want, dict) and want and all(k in p.arg_names for k in want):
        out.append((" and ".join(sorted(want)),
                     _flat({k: args[p.arg_names.index(k)] for k in want})))
    return out


def _step_from_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """An update of an argument (w, say, or the dict of w and b): the learner's change
    from it is a constant multiple of the expected change (the other way, twice as
    far, divided by a size), or the learner returned the step itself."""
    for n, (name, _) in enumerate(_starts(p, wrong[0])):
        ratios, steps_returned = [], True
        for i in wrong:
            start = _starts(p, i)[n][1]
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            if start is None or g is None or w is None or not g.shape == w.shape == start.shape:
                break
            mine, theirs = g - start, w - start
            big = np.abs(theirs) > 1e-3
            if not big.any():
                break
            steps_returned &= bool(np.allclose(g, -theirs, **CLOSE))
            r = float(np.median(mine[big] / theirs[big]))
            ratios.append(r if np.allclose(mine, r * theirs, **CLOSE) else np.nan)
        else:
            i = wrong[0]
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            start = _starts(p, i)[n][1]
            k = int(np.argmax(np.abs(w - start)))
            numbers = (f"on the case {_title(p, i)}, from {fmt(start[k])} you moved to "
                       f"{fmt(g[k])} where {fmt(w[k])} is expected")
            if steps_returned:
                return _diagnosis(
                    "returned_step",
                    f"You return the step itself, not {name} after the step: on the case "
                    f"{_title(p, i)}, yours is {fmt(g[k])}: the starting {fmt(start[k])} "
                    f"minus the expected {fmt(w[k])}.",
                    "Subtract the step from what it updates: new = param - lr * gradient "
                    "(for a dict, jax.tree.map(lambda p, g: p - lr * g, params, grads)).")
            if not ratios or np.isnan(ratios).any():
                continue
            if (size := _follows_size(p, wrong, ratios)) is not None:
                kind, label, value = size
                said = "divided by" if kind == "divided_by_size" else "multiplied by"
                return _diagnosis(
                    f"step_{kind}",
                    f"Your step away from {name} is the expected step {said} {label} on "
                    f"every case you got wrong: {numbers}, with {label} = {value}.",
                    f"Dividing by {label} is what jnp.mean does; the exercise asks for a sum."
                    if kind == "divided_by_size" else
                    f"Your gradient adds something up {label} times too often: a sum "
                    "where a mean is meant.")
            if np.allclose(ratios, ratios[0], rtol=1e-3) \
                    and not np.isclose(ratios[0], 1.0, rtol=1e-3):
                r = ratios[0]
                if np.isclose(r, -1.0, rtol=1e-3):
                    return _diagnosis(
                        "step_reversed",
                        f"Your result moves away from {name} in the opposite direction to "
                        f"the expected one, by the same amount: {numbers}.",
                        "The step's sign is flipped: gradient descent subtracts, "
                        "new = param - lr * gradient.")
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
        fits = [{j for j in range(len(w)) if np.allclose(g[r], w[j], **CLOSE)}
                for r in range(len(g))]
        order = fits if order is None else [a & b for a, b in zip(order, fits)]
    if order is None or any(len(o) != 1 for o in order):
        return None
    perm = [o.pop() for o in order]
    n = len(perm)
    if sorted(perm) != list(range(n)) or perm == list(range(n)):
        return None
    word = "row" if as_array(p.expected[wrong[0]]).ndim > 1 else "entry"
    pairs = ", ".join(f"your {word} {r} is the expected {word} {perm[r]}"
                      for r in range(n) if perm[r] != r)
    shift = perm[0] % n
    if n > 2 and shift in (1, n - 1) and all(perm[r] == (r + shift) % n for r in range(n)):
        how = f"Every {word} is one place off: {pairs}"
        hint = ("The values are right but land at the wrong index: look for an index that "
                "is off by one, such as labels - 1 or a range that starts at 1.")
    else:
        how = f"Your {word}s are the right ones in another order: {pairs}"
        hint = (f"Each {word} is computed right but put in the wrong place: check the order "
                f"in which you build or stack the {word}s.")
    return _diagnosis("permuted", f"{how}, on every case you got wrong (the case "
                      f"{_title(p, wrong[0])}, for one).", hint)


def _offset(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Every number of the answer off by the same amount, and that amount is the first
    entry of an argument on every wrong case: that entry counted twice."""
    deltas = []
    for i in wrong:
        g, w = _flat(p.answers[i]), _flat(p.expected[i])
        if g is None or w is None or g.shape != w.shape or not g.size:
            return None
        d = float(np.median(g - w))
        if abs(d) < 1e-3 or not np.allclose(g, w + d, **CLOSE):
            return None
        deltas.append(d)
    for k, name in enumerate(p.arg_names):
        firsts = [_flat(p.cases[i].args[k]) if k < len(p.cases[i].args)
                  and np.ndim(p.cases[i].args[k]) >= 1 else None for i in wrong]
        if any(f is None or not f.size for f in firsts):
            continue
        if np.allclose(deltas, [f[0] for f in firsts], **CLOSE):
            i = wrong[0]
            g, w = _flat(p.answers[i]), _flat(p.expected[i])
            return _diagnosis(
                "plus_first_entry",
                f"Every number of your result is the expected one plus {name}[0], on every "
                f"case you got wrong: on the case {_title(p, i)}, {name}[0] = "
                f"{fmt(firsts[0][0])}, and yours is {fmt(g[0])} where {fmt(w[0])} is "
                f"expected. {name}[0] is counted twice.",
                f"Start from zero, not from {name}[0], when the loop then goes over all of "
                f"{name} (or start from {name}[0] and go over {name}[1:]).")
    return None


def _labelled(value) -> list[tuple[str, np.ndarray]]:
    """The arrays of an answer with the learner's name for each."""
    if isinstance(value, tuple):
        return [(f"entry {k} of your tuple", a) for k, v in enumerate(value)
                if (a := as_array(v)) is not None]
    if isinstance(value, dict):
        return [(f"your \"{k}\"", a) for k, v in value.items() if (a := as_array(v)) is not None]
    a = as_array(value)
    return [] if a is None else [("your result", a)]


def _steps_then_off(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A sequence answer (losses, a history) right for its first k steps and then off,
    on every wrong case: what goes wrong starts between step k - 1 and step k."""
    best = None
    for n, (label, _) in enumerate(_labelled(p.expected[wrong[0]])):
        firsts = []
        for i in wrong:
            mine, theirs = _labelled(p.answers[i]), _labelled(p.expected[i])
            if len(mine) != len(theirs) or mine[n][0] != theirs[n][0]:
                return None
            g, w = mine[n][1], theirs[n][1]
            if g.shape != w.shape or w.ndim == 0 or w.size < 2:
                break
            off = ~np.isclose(g.reshape(-1), w.reshape(-1), **CLOSE)
            if not off.any():
                break
            firsts.append((int(np.argmax(off)), i, g, w))
        else:
            k, i, g, w = min(firsts, key=lambda f: f[0])
            if k >= 1 and (best is None or k > best[0]):
                best = (k, i, g, w, label)
    if best is None:
        return None
    k, i, g, w, label = best
    at = (f"step {k}" if w.ndim == 1 else
          "step [" + ", ".join(str(int(j)) for j in np.unravel_index(k, w.shape)) + "]")
    where = "the first step is" if k == 1 else f"the first {k} steps are"
    return _diagnosis(
        "steps_then_off",
        f"In {label}, {where} right on every case you got wrong; on the case "
        f"{_title(p, i)}, {at} is the first that is off: yours {fmt(g.reshape(-1)[k])} "
        f"where {fmt(w.reshape(-1)[k])} is expected.",
        f"Everything before {at} is right, so look at what carries over from one step to "
        f"the next: the update made just before {at}, or a value (a velocity, a step "
        "number, an order) that the next step reads.")


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
    if type(value) is int:  # a seed or a count: another one, never negative
        return abs(value) + (1 if scale > 0 else 3)
    return None  # integer arrays and flags are left alone: they often select, not scale


IGNORED_CASES = 2  # wrong cases to change each argument on
MOVED = 2  # changes that must move the reference's answer but not the learner's


def _ignored_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Call the learner again with each argument changed in turn, on a few wrong cases
    (one round trip): an argument whose changes never move the learner's answer, where
    at least MOVED of them move the reference's, is one the code ignores."""
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
    # k in `still`: no change of k moved the learner's answer. It is ignored where at
    # least MOVED of those changes moved the reference's (a change that moves neither,
    # such as a larger limit that still clips nothing, proves nothing either way)
    seen: dict[int, list] = {}
    for (i, k), call, got, want in zip(which, calls, mine, theirs):
        if k in still and want is not None and not _same(want, p.expected[i]):
            seen.setdefault(k, []).append((i, call, got, want))
    seen = {k: found for k, found in seen.items() if len(found) >= MOVED}
    ignored = list(seen)
    if len(ignored) > 1 and len(ignored) == len({k for _, k in which}):
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
