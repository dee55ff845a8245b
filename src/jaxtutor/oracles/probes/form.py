"""Probes of the answer's form: an object where numbers are asked, NaN or inf where the
reference is finite, a transposed, mis-shaped or unsummed result (or tuple entry, or
dict value), a tuple of the wrong length or one entry of it alone, a tuple where a dict
is asked, a tuple's entries swapped or only some of them right."""

from __future__ import annotations

import builtins

import numpy as np

from jaxtutor.oracles.probes.arithmetic import _factor, _offset
from jaxtutor.oracles.probes.common import (
    AT_NOT_KEPT,
    CLOSE,
    Probe,
    _compare,
    _diagnosis,
    _flat,
    _same,
    _short,
    _title,
    uses,
)
from jaxtutor.oracles.probes.order import _permuted, _steps_then_off
from jaxtutor.oracles.probes.steps import _step_from_argument
from jaxtutor.oracles.values import as_array, describe, fmt, matches
from jaxtutor.runner.wire import Opaque
from jaxtutor.verdict import Diagnosis


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
                "NaN or inf can come from a division by zero, a log or sqrt of a non-positive "
                "number, or a value that grows without bound (a step size too large, an "
                "update added instead of subtracted). Print the intermediate values of that "
                "case to find the first one that is not finite.",
            )
    return None


def _object_returned(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """An object the tutor cannot read as numbers (a dataclass, a string) on every
    wrong case, where the reference returns numbers."""
    got = [p.answers[i] for i in wrong]
    if not all(isinstance(g, Opaque) for g in got) or any(
        isinstance(p.expected[i], Opaque) for i in wrong
    ):
        return None
    kind = got[0].type_name[:40]
    asked = describe(p.expected[wrong[0]], dtypes=False)
    # an object of the learner's own class holds the values; a str or a function does not
    unpack = (
        f": take the values out of the {kind} object before returning them"
        if kind not in _PYTHON_KINDS
        else ""
    )
    return _diagnosis(
        "object_returned",
        f"Your function returns a {kind} object, where {asked} is asked for: it cannot be "
        f"compared with the expected numbers (on the case {_title(p, wrong[0])}).",
        f"Return {asked}, as the exercise asks{unpack}.",
    )


_PYTHON_KINDS = {
    *(name for name, value in vars(builtins).items() if isinstance(value, type)),
    "function",
    "method",
    "module",
    "generator",
    "builtin_function_or_method",
}


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
                f"Your numbers are right but rows and columns are swapped: the expected "
                f"result has shape {w.shape}. Look at which axis each of your values keeps.",
            )
        if g.size == w.size and np.allclose(g.reshape(w.shape), w, **CLOSE):
            return _diagnosis(
                "reshaped",
                f"On the case {_title(p, i)} your result holds the right numbers, in shape "
                f"{g.shape} where {w.shape} is expected.",
                "Return the value in the expected shape: check for an extra axis, a "
                "reshape, or an indexing that kept a dimension.",
            )
        if w.shape == () and g.size > 1 and all(_sums_to(p, j) for j in wrong):
            return _diagnosis(
                "not_summed",
                f"On the case {_title(p, i)} your result has shape {g.shape}, and its sum, "
                f"{fmt(g.sum())}, is the expected number.",
                "Your values add up to the expected one: return their sum, one number.",
            )
        if (like := _shaped_like(p, wrong)) is not None:
            return _diagnosis(
                "shape",
                f"On the case {_title(p, i)} your result has shape {g.shape}, where the "
                f"expected result has shape {w.shape}. On every case you got wrong it has "
                f"the shape of {like}.",
                f"Find the value in your code that has {like}'s shape where the result's is "
                "meant"
                + (
                    ": a gradient has the shape of the argument it is taken with respect to."
                    if uses(p, "grad")
                    else "."
                ),
            )
        return _diagnosis(
            "shape",
            f"On the case {_title(p, i)} your result has shape {g.shape}, where the expected "
            f"result has shape {w.shape}.",
            "Print the shape of your result and of each intermediate value on that case, "
            "and find where an axis is added, lost or summed.",
        )
    return None


def _shaped_like(p: Probe, wrong: list[int]) -> str | None:
    """The one argument whose shape the result has on every wrong case, each time where
    the expected result has another (a result of no axes is like too many to say)."""
    shapes = []
    for i in wrong:
        g, w = as_array(p.answers[i]), as_array(p.expected[i])
        if g is None or w is None or g.shape == w.shape or g.ndim == 0:
            return None
        shapes.append((i, g.shape))
    fits = [
        name
        for k, name in enumerate(p.arg_names)
        if all(
            k < len(p.cases[i].args) and np.shape(p.cases[i].args[k]) == shape
            for i, shape in shapes
        )
    ]
    return fits[0] if len(fits) == 1 else None


def _sums_to(p: Probe, i: int) -> bool:
    """Whether the answer to case i, an array, adds up to the expected number."""
    g, w = as_array(p.answers[i]), as_array(p.expected[i])
    return g is not None and w is not None and w.shape == () and np.isclose(g.sum(), w, **CLOSE)


def _dict_swapped(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A dict answer whose values are the expected ones under other keys, on every case
    (the leaves of a dict unpacked in another order than its keys, say)."""
    keys = list(p.expected[wrong[0]])
    moved = {}
    for k in keys:
        came = [
            j
            for j in keys
            if all(
                isinstance(p.answers[i], dict) and _same(p.answers[i].get(k), p.expected[i][j])
                for i in wrong
            )
        ]
        if not came:
            return None
        moved[k] = came[0]
    if all(k == j for k, j in moved.items()):
        return None
    said = ", and ".join(f'your "{k}" holds the expected "{j}"' for k, j in moved.items() if k != j)
    return _diagnosis(
        "dict_values_swapped",
        f"On every case you got wrong, {said}: the right values under the wrong keys (on "
        f"the case {_title(p, wrong[0])}, say).",
        "Match each value to its key by name, not by position"
        + (
            ": jax.tree.leaves of a dict lists its values in the order of the sorted keys, "
            "and jax.tree.map keeps each value with its key."
            if "leaves" in p.source
            else "."
        ),
    )


def _tuple_for_one(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """One value asked for, a tuple returned that holds it, at one place, on every case."""
    got, want = p.answers[wrong[0]], p.expected[wrong[0]]
    if isinstance(want, (tuple, list, dict)) or not isinstance(got, (tuple, list)):
        return None
    for k in range(len(got)):
        if all(
            isinstance(p.answers[i], (tuple, list))
            and len(p.answers[i]) == len(got)
            and p.right(i, p.answers[i][k], p.expected[i])
            for i in wrong
        ):
            return _diagnosis(
                "tuple_holds_the_answer",
                f"You returned a tuple of {len(got)} values where one value is asked for, and "
                f"its entry {k} is the expected value on every case you got wrong, such as "
                f"the case {_title(p, wrong[0])}.",
                f"Return entry {k} alone"
                + (
                    ": jax.value_and_grad returns a pair, (value, gradient), where jax.grad "
                    "returns the gradient only."
                    if "value_and_grad" in p.source
                    else "."
                ),
            )
    return None


def _tuple_pairs(p: Probe, wrong: list[int]) -> list[tuple] | None:
    """(answer, expected) of each wrong case, where both are tuples of one length (> 1)."""
    pairs = [(p.answers[i], p.expected[i]) for i in wrong]
    if all(
        isinstance(g, (tuple, list)) and isinstance(e, tuple) and len(g) == len(e) > 1
        for g, e in pairs
    ):
        return pairs
    return None


def _entry_shape(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A tuple answer of the right length with an entry of the wrong shape: that entry's
    shape said (its first such entry), as it would be of a whole result."""
    if (pairs := _tuple_pairs(p, wrong)) is None:
        return None
    return _part_shape(p, wrong, pairs, range(len(pairs[0][1])), "entry {} of your tuple")


def _key_shape(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A dict answer with the expected keys and a value of the wrong shape: that value's
    shape said (the first such key's), as it would be of a whole result."""
    pairs = [(p.answers[i], p.expected[i]) for i in wrong]
    if not all(isinstance(g, dict) and isinstance(e, dict) and set(g) == set(e) for g, e in pairs):
        return None
    return _part_shape(p, wrong, pairs, sorted(pairs[0][1]), "[{!r}] of your dict")


def _part_shape(p: Probe, wrong: list[int], pairs: list, parts, where: str) -> Diagnosis | None:
    """The first part (an entry, a key) whose shape differs on some wrong case, said as
    `_shape` says a whole result's, in `where` that part."""
    for k in parts:
        arrays = [(as_array(g[k]), as_array(e[k])) for g, e in pairs]
        if any(a is not None and b is not None and a.shape != b.shape for a, b in arrays):
            found = _shape(_entry(p, k), wrong)
            if found is not None:
                first = found.message[0].lower() + found.message[1:]
                return _diagnosis(
                    found.id.removeprefix("probe_"),
                    f"In {where.format(k)}, {first}",
                    found.hint,
                )
    return None


def _entry(p: Probe, k: int | str) -> Probe:
    """The probe of entry k of a tuple answer (or key k of a dict) alone, on every case."""

    def entry(value):
        if isinstance(value, dict):
            return value.get(k, value)
        listed = isinstance(value, (tuple, list)) and isinstance(k, int) and len(value) > k
        return value[k] if listed else value

    return Probe(
        p.cases,
        [entry(a) for a in p.answers],
        [entry(e) for e in p.expected],
        p.arg_names,
        dim_name=p.dim_name,
        source=p.source,
        tolerance=p.tolerance,
    )


def _tuple_form(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A tuple expected: one entry of it returned alone, or a tuple of another length."""
    i = wrong[0]
    got, want = p.answers[i], p.expected[i]
    if isinstance(want, dict) and isinstance(got, dict) and set(got) == set(want):
        return _dict_swapped(p, wrong)
    if isinstance(want, dict) and isinstance(got, (tuple, list)) and len(got) == len(want):
        keys = list(want)
        if all(
            any(_same(p.answers[j][n], p.expected[j][k]) for k in keys)
            for j in wrong
            for n in range(len(keys))
        ):
            asked = ", ".join(f'"{k}": ...' for k in keys)
            return _diagnosis(
                "tuple_for_dict",
                f"You returned a tuple of {len(got)} values where a dict {{{asked}}} is asked "
                f"for; on the case {_title(p, i)} the values themselves are right.",
                f"Return the dict, {{{asked}}}, with each value under its key.",
            )
    if not isinstance(want, tuple):
        return _tuple_for_one(p, wrong)
    if not isinstance(got, (tuple, list)):
        entry = next((k for k, e in enumerate(want) if matches(got, e)), None)
        if entry is not None:
            return _diagnosis(
                "one_entry_only",
                f"You returned one value where a tuple of {len(want)} is asked for; on the "
                f"case {_title(p, i)} it is the right entry {entry} of that tuple.",
                f"Return all {len(want)} entries as a tuple, in the order the exercise "
                "gives; the value you return is the right one for its place.",
            )
        return None
    if len(got) != len(want):
        right = [k for k in range(min(len(got), len(want))) if matches(got[k], want[k])]
        said = f" (entries {', '.join(map(str, right))} are right)" if right else ""
        return _diagnosis(
            "tuple_length",
            f"You returned a tuple of {len(got)} entries where {len(want)} are asked for, on "
            f"the case {_title(p, i)}{said}.",
            f"Return exactly {len(want)} values, in the order the exercise asks for.",
        )
    return None


def _tuple_entries(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """A tuple answer: its entries swapped, or some entries right on every case."""
    if (pairs := _tuple_pairs(p, wrong)) is None:
        return None
    cases = list(zip(wrong, pairs))
    n = len(pairs[0][1])
    if n == 2 and all(matches(g[0], e[1]) and matches(g[1], e[0]) for g, e in pairs):
        return _diagnosis(
            "swapped_entries",
            f"Your two results are in swapped order: on the case {_title(p, wrong[0])} your "
            "first entry is the expected second one, and your second the expected first.",
            "Return the entries in the order the exercise asks for.",
        )
    right = [k for k in range(n) if all(p.right(i, g[k], e[k]) for i, (g, e) in cases)]
    if right and len(right) < n:
        bad = [k for k in range(n) if k not in right]
        if (found := _entry_repeats(p, cases, bad)) is not None:
            return found
        if (found := _entry_zeros(p, cases, right, bad)) is not None:
            return found
        if len(bad) == 1 and (found := _entry_shows(p, wrong, bad[0])) is not None:
            return _diagnosis(
                found.id.removeprefix("probe_"),
                f"Entry {', '.join(map(str, right))} of your tuple is right on "
                f"every case; in entry {bad[0]}, {found.message[0].lower()}{found.message[1:]}",
                found.hint,
            )
        return _diagnosis(
            "some_entries",
            f"Entry {', '.join(map(str, right))} of your tuple is right on every case; "
            f"entry {', '.join(map(str, bad))} is not (on the case {_title(p, wrong[0])}: "
            + "; ".join(_compare(pairs[0][0][k], pairs[0][1][k]) for k in bad)
            + ").",
            f"Only entry {', '.join(map(str, bad))} needs work: compute it on that case by "
            "hand and compare with your code's steps.",
        )
    return None


def _entry_repeats(p: Probe, cases: list, bad: list[int]) -> Diagnosis | None:
    """Each wrong entry of a tuple is another entry's expected value, on every case (a
    derivative taken once too few, a value returned twice)."""
    said = []
    for k in bad:
        j = next(
            (
                j
                for j in range(len(cases[0][1][1]))
                if j != k
                and all(p.right(i, g[k], e[j]) and not _same(e[k], e[j]) for i, (g, e) in cases)
            ),
            None,
        )
        if j is None:
            return None
        said.append((k, j))
    i, (got, want) = cases[0]
    what = "; ".join(f"entry {k} is the expected entry {j}" for k, j in said)
    if {k for k, _ in said} == {j for _, j in said}:  # the right values, reordered
        return _diagnosis(
            "swapped_entries",
            f"Your entries are the expected ones in another order: on every case you got "
            f"wrong, {what}.",
            "Return the entries in the order the exercise asks for.",
        )
    k, j = said[0]
    g, w = _flat(got[k]), _flat(want[k])
    if g is None or w is None or g.shape != w.shape or not g.size:
        return None
    m = int(np.argmax(np.abs(g - w)))
    at = f" at position {m}" if g.size > 1 else ""
    return _diagnosis(
        "entry_repeats",
        f"On every case you got wrong, {what}: on the case {_title(p, i)}, your entry {k}"
        f"{at} is {fmt(g[m])}, entry {j}'s value, where {fmt(w[m])} is expected.",
        f"Entry {k} computes what entry {j} does: look at how your code builds entry {k} "
        f"and what it takes from entry {j}'s computation (one step too few, or the same "
        "value returned twice).",
    )


def _entry_zeros(p: Probe, cases: list, right: list[int], bad: list[int]) -> Diagnosis | None:
    """Each wrong entry of a tuple is exactly 0 on every case it is wrong, where the
    expected value is not: a derivative of something that does not change with the
    input, an array filled with .at[].set and not kept."""
    for k in bad:
        for _, (got, want) in cases:
            g, w = _flat(got[k]), _flat(want[k])
            if g is None or w is None or g.shape != w.shape or g.any() or not w.any():
                return None
    i, (_, want) = cases[0]
    expected = " and ".join(_short(want[k]) for k in bad)
    if uses(p, "at"):
        hint = f"{AT_NOT_KEPT} An array filled that way and not kept stays as it began."
    elif uses(p, "grad"):
        hint = (
            "A derivative comes out 0 where the function differentiated does not change with "
            "its argument: one that returns a value computed before it (a number, not a "
            "function of x), or one derivative more than the function has."
        )
    else:
        hint = "Look at where your code computes that entry: it is never filled in, or not kept."
    return _diagnosis(
        "zero_entries",
        f"Entry {', '.join(map(str, right))} of your tuple is right on every case; entry "
        f"{', '.join(map(str, bad))} is 0 on every case you got wrong, where it should not "
        f"be (on the case {_title(p, i)}, expected {expected}).",
        hint,
    )


def _entry_shows(p: Probe, wrong: list[int], k: int) -> Diagnosis | None:
    """What one entry of a tuple answer shows on its own: a pair holding the right value
    (a scan's whole carry returned), a shape, a factor, a shift, the first step that is off."""
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
                    "for example (w, _), losses = lax.scan(...).",
                )

    sub = _entry(p, k)  # every case, so that a right case of size 1 still shows a factor
    # the shape first: a squeezed (1,) has the right number, "1 times" the expected one
    for look in (_shape, _step_from_argument, _factor, _permuted, _offset, _steps_then_off):
        try:
            found = look(sub, wrong)
        except (TypeError, ValueError, IndexError):
            found = None
        if found is not None:
            return found
    return None
