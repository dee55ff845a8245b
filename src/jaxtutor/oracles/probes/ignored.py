"""The probe that asks for more: the learner's function called again with each argument
changed in turn, to find an argument its answer never follows."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import Probe, _diagnosis, _same, _short, _title
from jaxtutor.oracles.values import fmt
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis

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
                    calls.append(args[:k] + (changed,) + args[k + 1 :])
                    which.append((i, k))
    if not calls:
        return None
    mine = p.call_many(calls)
    # the reference is asked only about arguments the learner's answers did not follow
    # (for a TOML lesson it runs in a child of its own)
    unmoved = {
        k
        for (i, k), got in zip(which, mine)
        if not isinstance(got, LearnerRaised) and _same(got, p.answers[i])
    }
    still = {
        k
        for k in unmoved
        if all(_same(got, p.answers[i]) for (i, kk), got in zip(which, mine) if kk == k)
    }
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
        names = ", ".join(
            p.arg_names[k] if k < len(p.arg_names) else f"argument {k}" for k in ignored
        )
        return _diagnosis(
            "constant_result",
            f"Your result does not change whatever the arguments are: on the case "
            f"{_title(p, i)} it is {_short(p.answers[i])}, and it stays that when any of "
            f"{names} changes.",
            "Your function returns a fixed value: check that it computes its result from "
            "its arguments and returns that.",
        )
    for k, found in seen.items():
        i, call, got, want = found[0]
        args = p.cases[i].args
        name = p.arg_names[k] if k < len(p.arg_names) else f"argument {k}"
        shown = (
            f"{name} = {fmt(args[k])} and {name} = {fmt(call[k])}"
            if np.ndim(args[k]) == 0 and not isinstance(args[k], dict)
            else f"{name} as given and {name} with every entry changed"
        )
        cases_seen = len({c for c, *_ in found})
        more = f" (and the same on {cases_seen - 1} more case(s))" if cases_seen > 1 else ""
        return _diagnosis(
            "ignored_argument",
            f"Your result does not change when {name} changes: on the case {_title(p, i)}, "
            f"{shown} both give {_short(got)}, where the expected results are "
            f"{_short(p.expected[i])} and {_short(want)}{more}.",
            f"Your result does not depend on the {name} it is given: look for a hard-coded "
            f"value, a global, or a variable from an earlier call used where {name} belongs.",
        )
    return None
