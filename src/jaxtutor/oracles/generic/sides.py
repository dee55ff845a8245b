"""Which side of a declared comparison a wrong answer is wrong on. An edge that sets an
argument's norm against another's ({ g = "max_norm" }: the clip of a gradient) puts
cases on both sides of that comparison; the random cases fall on either side too. Where
every case on one side is right and most on the other wrong (a wrong branch can still
agree by chance: g * max_norm equals the clip where the norm is 1), that is measured
and said, with the counts: the learner's code is right below the bound, not above it.
More broadly, an answer right on every case drawn at random and wrong only on cases of
the task's own declared edges (a threshold just crossed, a 0 among ordinary entries) is
told which edges it fails and which it passes."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.generic import edges
from jaxtutor.verdict import Diagnosis

# cases this close to the bound (a ratio within it of 1) belong to neither side: both
# sides of a clip agree there, so neither right nor wrong says anything
_AT_THE_BOUND = 2e-3
# cases on each side, and wrong ones on the wrong side, before a side is said
_LEAST = 3


def sides_measured(config: dict, cases: list[Case], statuses: list[str]) -> Diagnosis | None:
    """For each norm comparison the exercise declares, whether the answers are right on
    exactly one side of it; None when no such split is measured."""
    names = [a["name"] for a in config["args"]]
    for _, table in edges.made(config):
        for arg, of in (table.get("norm") or {}).items():
            if not isinstance(of, str) or arg not in names or of not in names:
                continue
            below: list[bool] = []
            above: list[bool] = []
            for case, status in zip(cases, statuses, strict=False):
                ratio = _ratio(case.args[names.index(arg)], case.args[names.index(of)])
                if ratio is None or abs(ratio - 1.0) <= _AT_THE_BOUND:
                    continue
                (below if ratio < 1.0 else above).append(status == "pass")
            if len(below) < _LEAST or len(above) < _LEAST:
                continue
            norm = f"the norm of {arg}"
            for right, wrong, where, other in (
                (below, above, "below", "above"),
                (above, below, "above", "below"),
            ):
                failed = wrong.count(False)
                if all(right) and failed >= _LEAST and failed * 2 >= len(wrong):
                    of_them = "all" if failed == len(wrong) else f"{failed} of the"
                    return Diagnosis(
                        "wrong_on_one_side",
                        f"Your answers are right on all {len(right)} cases where {norm} is "
                        f"{where} {of}, and wrong on {of_them} {len(wrong)} where it is "
                        f"{other} it: what your code does when {norm} is {other} {of} is "
                        "where it parts from the task.",
                        hint=f"Take a case where {norm} is {other} {of} and compute by hand "
                        "what the task asks there; compare it with that branch of your code.",
                    )
    return None


def edges_measured(cases: list[Case], statuses: list[str]) -> Diagnosis | None:
    """Whether every failed case is one drawn for a declared edge, invariant or
    amplifier while every random one passed: then the edges it fails, and those it
    passes, with their counts. None when that is not what was measured."""
    by_edge: dict[str, list[bool]] = {}
    randoms = 0
    for case, status in zip(cases, statuses, strict=False):
        right = status == "pass"
        if case.declared:
            by_edge.setdefault(case.declared, []).append(right)
        elif not right:
            return None  # a failed case no edge explains
        elif case.random:
            randoms += 1
    # the edges wrong on every case first: the clearest to take by hand
    wrong = sorted(
        ((name, r) for name, r in by_edge.items() if not all(r)),
        key=lambda edge: edge[1].count(True) / len(edge[1]),
    )
    if randoms < _LEAST or not wrong:
        return None
    passed = [name for name, r in by_edge.items() if all(r)]
    told = "; ".join(
        f'wrong on {_count(r.count(False), len(r))} of "{name}"' for name, r in wrong[:3]
    )
    right_too = "".join(f', right on every case of "{name}"' for name in passed[:3])
    return Diagnosis(
        "wrong_at_edges",
        f"Your answers are right on all {randoms} cases drawn at random{right_too}, and "
        f"wrong only on cases the task puts at its own edges: {told}. What your code does "
        "on inputs like those is where it parts from the task.",
        hint=f'Take the case "{wrong[0][0]}", compute by hand what the task asks there, '
        "and compare it with what your code does on it (a comparison or bound it uses, "
        "most often).",
    )


def _count(failed: int, of: int) -> str:
    if failed == of:
        return {1: "the one case", 2: "both cases"}.get(of, f"all {of} cases")
    return f"{failed} of the {of} cases"


def _ratio(value, bound) -> float | None:
    try:
        bound = float(np.asarray(bound, dtype=np.float64))
        norm = float(np.sqrt(np.sum(np.square(np.asarray(value, dtype=np.float64)))))
    except (TypeError, ValueError):
        return None
    return norm / bound if bound > 0 else None
