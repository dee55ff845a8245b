"""The probe that asks for more: the learner's function called again with each argument
changed in turn, to find an argument its answer never follows."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.probes.common import Probe, _diagnosis, _leaves, _same, _short, _title
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


def _elsewhere(args: tuple) -> tuple:
    """The same case with every argument it can change changed: another point of the
    space, where no argument sits at a value that hides another's effect (x does not
    move w * x at w = 0)."""
    return tuple(v if (moved := _perturbed(v)) is None else moved for v in args)


def _chosen(p: Probe, wrong: list[int]) -> list[int]:
    """The cases to change each argument on: a wrong teaching case first (its inputs
    are shown, so the learner can try them), then the largest case of other shapes,
    right or wrong, so that an argument that matters only past a size is not called
    ignored (w, where a scan skips the first of two rows and long runs forget it)."""
    ordered = sorted(wrong, key=lambda i: p.cases[i].hidden)
    first = ordered[0]
    shapes = _shapes(p.cases[first].args)
    other = [i for i in range(len(p.cases)) if _shapes(p.cases[i].args) != shapes]
    if other:
        return [first, max(other, key=lambda i: sum(np.prod(s) for s in _shapes(p.cases[i].args)))]
    return ordered[:IGNORED_CASES]


def _shapes(args: tuple) -> tuple:
    return tuple(np.shape(leaf) for leaf in _leaves(args) or [])


def _ignored_argument(p: Probe, wrong: list[int]) -> Diagnosis | None:
    """Call the learner again with each argument changed in turn, on a few wrong cases
    and at one more point of the space for each (one round trip): an argument whose
    changes never move the learner's answer, at either point, where at least MOVED of
    them move the reference's at each, is one the code ignores."""
    if p.call_many is None or p.reference is None:
        return None
    chosen = _chosen(p, wrong)
    # (case, the point's arguments, its number): point 0 is the case as drawn
    points = [(i, p.cases[i].args, 0) for i in chosen]
    points += [(i, _elsewhere(p.cases[i].args), 1) for i in chosen]
    calls, which = [], []
    for i, args, at in points:
        for k, value in enumerate(args):
            for scale, shift in CHANGES:
                changed = _perturbed(value, scale, shift)
                if changed is not None:
                    calls.append(args[:k] + (changed,) + args[k + 1 :])
                    which.append((i, k, at))
    if not calls:
        return None
    elsewhere = [args for _, args, at in points if at == 1]
    mine = p.call_many(calls + elsewhere)
    mine, base = mine[: len(calls)], dict(zip(chosen, mine[len(calls) :]))
    answer = {(i, 0): p.answers[i] for i in chosen} | {(i, 1): base[i] for i in chosen}
    # k is still where no change of it moved the learner's answer from its point's;
    # the reference is asked only about those (for a TOML lesson it runs in a child of
    # its own)
    still = {
        k
        for _, k, _ in which
        if all(
            not isinstance(got, LearnerRaised) and _same(got, answer[(i, at)])
            for (i, kk, at), got in zip(which, mine)
            if kk == k
        )
    }
    if not still:
        return None
    asked = [n for n, (_, k, _) in enumerate(which) if k in still]
    theirs_at = p.reference([calls[n] for n in asked] + elsewhere)
    answered = dict(zip(asked, theirs_at[: len(asked)]))
    at_point = {(i, 0): p.expected[i] for i in chosen} | {
        (i, 1): w for i, w in zip(chosen, theirs_at[len(asked) :])
    }
    theirs = [answered.get(n) for n in range(len(calls))]
    # k in `still`: no change of k moved the learner's answer. It is ignored where at
    # least MOVED of those changes moved the reference's at each point (a change that
    # moves neither, such as a larger limit that still clips nothing, proves nothing)
    seen: dict[int, list] = {}
    moved_at: dict[int, dict] = {}
    for (i, k, at), call, got, their in zip(which, calls, mine, theirs):
        if (
            k in still
            and their is not None
            and _leaves(at_point[(i, at)]) is not None  # the reference answered there
            and not _same(their, at_point[(i, at)])
        ):
            moved_at.setdefault(k, {}).setdefault((i, at), 0)
            moved_at[k][(i, at)] += 1
            if at == 0:
                seen.setdefault(k, []).append((i, call, got, their))
    seen = {
        k: found
        for k, found in seen.items()
        if sum(moved_at[k].values()) >= MOVED and {at for _, at in moved_at[k]} == {0, 1}
    }
    ignored = list(seen)
    if len(ignored) > 1 and len(ignored) == len({k for _, k, _ in which}):
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
            f"{_short(p.expected[i])} and {_short(want)}{more}. It stays the same when "
            f"{name} changes with every other argument changed too.",
            f"Your result does not depend on the {name} it is given: look for a hard-coded "
            f"value, a global, or a variable from an earlier call used where {name} belongs.",
        )
    return None
