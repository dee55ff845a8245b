"""One value where each entry or row should have its own: an update whose change is one
number for a whole array (every entry of w moved by the same amount, where the expected
change differs from entry to entry), said per array of the answer with the reduction of
the expected changes it equals, where it equals one; and a result whose rows are all
the sum (or mean) of the expected rows (a whole batch's gradient for each example's)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from jaxtutor.oracles.probes.common import CLOSE, Probe, _diagnosis, _short, _title
from jaxtutor.oracles.values import as_array, fmt
from jaxtutor.verdict import Diagnosis

# the reductions of the expected changes a one-number change is compared with
_REDUCED = (("mean", np.mean), ("sum", np.sum))


def _labelled(value, name: str) -> Iterator[tuple[str, np.ndarray | None]]:
    """The answer's arrays in the order _flat reads them, each with its name:
    params['w'] for a dict's entry, or the name itself for a plain array."""
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _labelled(value[key], f"{name}['{key}']" if name else str(key))
    elif isinstance(value, (tuple, list)):
        for k, item in enumerate(value):
            yield from _labelled(item, f"{name}[{k}]")
    else:
        yield name, as_array(value)


def uniform_step(
    p: Probe, wrong: list[int], starts: list[np.ndarray], name: str
) -> Diagnosis | None:
    """Where one array of the answer moved from its start (starts[j] for wrong[j], read
    flat) by one number at every entry on every wrong case, and the expected change
    varies across its entries on each."""
    base = "" if " and " in name else name  # params built from w and b: keys say it
    found: dict[str, str] = {}  # label -> the reduction it equals ("" for none)
    for i, start in zip(wrong, starts, strict=True):
        at, seen = 0, {}
        for (label, want), (_, got) in zip(
            _labelled(p.expected[i], base), _labelled(p.answers[i], base), strict=True
        ):
            if want is None or got is None or got.shape != want.shape:
                return None
            end = at + want.size
            mine, theirs = got.reshape(-1) - start[at:end], want.reshape(-1) - start[at:end]
            at = end
            if (
                want.size < 2
                or np.ptp(theirs) <= 10 * CLOSE["atol"] + CLOSE["rtol"] * np.abs(theirs).max()
            ):
                continue
            if np.allclose(mine, mine[0], **CLOSE) and not np.allclose(mine, 0.0, atol=1e-7):
                seen[label] = next(
                    (w for w, reduce in _REDUCED if np.isclose(mine[0], reduce(theirs), **CLOSE)),
                    "",
                )
        found = seen if i == wrong[0] else {k: v for k, v in found.items() if seen.get(k) == v}
        if not found:
            return None
    label, reduced = next(iter(found.items()))
    i, start = wrong[0], starts[0]
    offsets = _offsets(p.expected[i], base, label)
    got = as_array(dict(_labelled(p.answers[i], base))[label])
    want = as_array(dict(_labelled(p.expected[i], base))[label])
    assert got is not None and want is not None and offsets is not None
    theirs = want.reshape(-1) - start[offsets]
    mine = float(got.reshape(-1)[0] - start[offsets][0])
    equals = f": the {reduced} of the expected changes" if reduced else ""
    return _diagnosis(
        "uniform_step",
        f"Every entry of {label} moves by the same amount on every case you got wrong, "
        f"where the expected change differs from entry to entry: on the case "
        f"{_title(p, i)} each of yours moves by {fmt(mine)}{equals}, where the expected "
        f"changes run from {fmt(theirs.min())} to {fmt(theirs.max())}.",
        f"Each entry of {label} needs a change of its own: look for the place where your "
        "step turns an array into one number before it is applied.",
    )


def _offsets(value, base: str, label: str) -> np.ndarray | None:
    """The flat positions of the array named `label` in the answer read flat."""
    at = 0
    for name, arr in _labelled(value, base):
        size = 0 if arr is None else arr.size
        if name == label:
            return np.arange(at, at + size)
        at += size
    return None


def _rows_combined(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Every row of the answer is the same, and equal to the sum (or mean) of the
    expected rows, on every wrong case: one value made from all the examples (a
    gradient of the whole batch's loss) where each row is asked for its own."""
    found = None
    for i in wrong:
        got, want = as_array(p.answers[i]), as_array(p.expected[i])
        if got is None or want is None or got.shape != want.shape or got.ndim < 1:
            return None
        if len(want) < 2 or np.allclose(want, want[0], **CLOSE):
            return None
        said = next(
            (
                w
                for w, reduce in _REDUCED
                if np.allclose(got, np.broadcast_to(reduce(want, axis=0), got.shape), **CLOSE)
            ),
            None,
        )
        if said is None or found not in (None, said):
            return None
        found = said
    i = wrong[0]
    want = as_array(p.expected[i])
    assert want is not None and found is not None
    rows = f"{len(want)} expected rows"
    return _diagnosis(
        "rows_combined",
        f"Every row of your result is the same: the {found} of the {rows}, on every case you "
        f"got wrong (on the case {_title(p, i)}, each of yours is {_short(p.answers[i][0])}).",
        f"Each row is asked for on its own: yours combines all of them into one. Look for the "
        f"place where your code takes the {found} over the rows before it should.",
    )
