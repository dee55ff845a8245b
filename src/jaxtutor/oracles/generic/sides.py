"""Which side of a declared comparison a wrong answer is wrong on. An edge that sets an
argument's norm against another's ({ g = "max_norm" }: the clip of a gradient) puts
cases on both sides of that comparison; the random cases fall on either side too. Where
every case on one side is right and most on the other wrong (a wrong branch can still
agree by chance: g * max_norm equals the clip where the norm is 1), that is measured
and said, with the counts: the learner's code is right below the bound, not above it."""

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


def _ratio(value, bound) -> float | None:
    try:
        bound = float(np.asarray(bound, dtype=np.float64))
        norm = float(np.sqrt(np.sum(np.square(np.asarray(value, dtype=np.float64)))))
    except (TypeError, ValueError):
        return None
    return norm / bound if bound > 0 else None
