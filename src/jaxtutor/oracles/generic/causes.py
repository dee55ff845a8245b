"""Where a wrong answer's cause is looked for once no mutant fits it, each a measurement
on the trusted side: what the probes see in the answers, the one variant of the
solution the answers equal, each declared part taken out of play, and the smallest case
the learner still gets wrong."""

from __future__ import annotations

import time

import numpy as np

from jaxtutor.course.lessons import drawn_range
from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.generic import (
    parts,
    runs,  # runs.run_program at call time: one patch sees every run
    variants,
)
from jaxtutor.oracles.generic.cases import Prepared
from jaxtutor.oracles.generic.compare import _like, differs, tolerance_of
from jaxtutor.oracles.generic.mutants import _agrees
from jaxtutor.oracles.generic.named_shapes import declared_sizes
from jaxtutor.oracles.generic.runs import Raised, Run, _answers
from jaxtutor.oracles.interface import Report
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.probes import Probe, probe, probed
from jaxtutor.oracles.shrink import sizes_said, smallest
from jaxtutor.oracles.values import ATOL, RTOL, as_tree
from jaxtutor.runner.host.errors import LearnerRaised, RunEnded
from jaxtutor.runner.host.pool import TrustedChild
from jaxtutor.verdict import Diagnosis

# a generic candidate costs a run of the reference as well as the learner's call
SHRINK_CALLS = 8


# the search for a variant of the solution that explains a wrong answer: new runs of
# variants on the fixed cases stop after this long (remembered ones are free), and at
# most this many are run on every case
VARIANT_BUDGET_S = 1.0
VARIANT_WHOLE_RUNS = 4


def variant_run(
    p: Prepared, variant: variants.Variant, cases: list[Case], spawn, trusted: TrustedChild
) -> Run:
    ahead = p.hidden if cases is p.shown else ()
    return runs.answers_of(p, variant.code, "variant.py", cases, spawn, trusted, ahead)


def variant_measured(
    learner: Learner, p: Prepared, mine: Run, report: Report, trusted: TrustedChild
) -> Diagnosis | None:
    """The generated variants of the solution (variants.py) whose answers equal the
    learner's on every case, said as measured; None when none does, or several that
    say different things (never one picked among them). Lazily: each variant
    runs first on the fixed cases (remembered from check to check, and warmed), and
    on every case only where those agree; new runs stop after VARIANT_BUDGET_S."""
    tests = report.tests[: len(p.cases)]
    if not any(t.status == "fail" for t in tests) or any(t.status == "error" for t in tests):
        return None
    deadline = time.monotonic() + VARIANT_BUDGET_S
    matched: list[variants.Variant] = []
    whole_runs = 0
    for variant in variants.variants(p.solution):
        if time.monotonic() > deadline and not runs.remembered(
            variant.code, p.function, p.config, p.shown
        ):
            break
        try:
            first = variant_run(p, variant, p.shown, learner.spawn, trusted)
            if not _agrees(p, mine.answers, first) or whole_runs >= VARIANT_WHOLE_RUNS:
                continue
            whole_runs += 1
            run = variant_run(p, variant, p.cases, learner.spawn, trusted)
        except RunEnded:  # a variant that never ends (a loop's bound changed): ours
            return None
        if not run.load_error and parts.agree(p.config, p.cases, mine.answers, run.answers):
            matched.append(variant)
    said = variants.shared(matched) if matched else None
    if said is None and len(matched) > 1:  # the one the learner's code is seen to make
        said = variants.shared(variants.marked_in(matched, learner.source))
    if said is None:
        return None
    return Diagnosis(
        "variant_of_the_solution",
        f"On every case, your results equal those of the exercise's solution {said}.",
        hint="Find the place in your code where that change would be, and compare it with "
        "what the task asks there.",
    )


def parts_measured(
    learner: Learner, p: Prepared, report: Report, trusted: TrustedChild
) -> Diagnosis | None:
    """Each declared part taken out of play (parts.py): the learner's function and
    the reference on its inputs, all parts' cases in one call each. Only when an
    answer was wrong (a rule alone says nothing of the numbers); a part whose
    inputs make either function raise is not said."""
    tests = report.tests[: len(p.cases)]
    if not p.config.get("parts") or not any(t.status == "fail" for t in tests):
        return None
    failed = [tolerance_of(p.config, c) for c, t in zip(p.cases, tests) if t.status == "fail"]
    closest = {k: min(c[k] for c in failed) for k in ("rtol", "atol")} if failed else None
    drawn = [(part, parts.off_cases(p.config, p.seed, part)) for part in p.config["parts"]]
    cases = [c for _, made in drawn for c in made]
    mine = _answers(learner._child.call_many([c.args for c in cases]))
    source = p.reference_source
    reference = runs.answers_of(p, source, "reference.py", cases, learner.spawn, trusted)
    if reference.load_error or len(reference.answers) != len(cases):
        return None
    measured, start = [], 0
    for part, made in drawn:
        end = start + len(made)
        both = mine[start:end] + reference.answers[start:end]
        if made and not any(isinstance(a, Raised) for a in both):  # none: nothing measured
            agreed = parts.agree(
                p.config, made, mine[start:end], reference.answers[start:end], closest
            )
            measured.append(parts.Measured(part, len(made), agreed))
        start = end
    return parts.said(measured)


def smallest_case(
    learner: Learner, p: Prepared, report: Report, mine: Run, trusted: TrustedChild
) -> str:
    """The first failed case, when it is a hidden one, made as small as it can be
    while the learner still gets it wrong (see oracles/shrink.py): its named sizes
    cut, its floats rounded; each candidate asked of the learner's child and of the
    reference in the trusted child. In a sentence; "" when none smaller fails."""
    args = p.config["args"]
    failed = next(
        (i for i, t in enumerate(report.tests[: len(p.cases)]) if t.status != "pass"), None
    )
    if failed is None or not p.cases[failed].hidden or isinstance(mine.answers[failed], Raised):
        return ""
    sizes = declared_sizes(p.config)
    # rounder numbers where rounding keeps them in the space: not sizes drawn over
    # decades (log_uniform), and only within the argument's ranges or at an edge
    rounded = tuple(
        i
        for i, a in enumerate(args)
        if a.get("dtype", "float32") in ("float32", "float64", "python_float")
        and not a.get("log_uniform")
    )

    def valid(call: tuple) -> bool:
        for i in rounded:
            low = min(drawn_range(args[i], False)[0], drawn_range(args[i], True)[0])
            high = max(drawn_range(args[i], False)[1], drawn_range(args[i], True)[1])
            values = np.asarray(call[i], dtype=np.float64)
            edge = any(np.all(values == e) for e in args[i].get("edges") or [])
            if not edge and (np.any(values < low) or np.any(values > high)):
                return False
        return True

    def fails(call: tuple) -> bool:
        ref = runs.run_program(
            p.reference_source,
            p.function,
            p.config,
            [Case("smallest", call)],
            p.limits,
            "reference.py",
            programs=False,
            spawn=learner.spawn,
            shared=trusted,
        )
        (got,) = learner.call_many([call])
        if ref.load_error or isinstance(ref.answers[0], Raised) or isinstance(got, LearnerRaised):
            return False
        return differs(as_tree(got), as_tree(ref.answers[0]), p.config) is not None

    case = p.cases[failed]
    found = smallest(case.args, sizes, fails, rounded=rounded, valid=valid, calls=SHRINK_CALLS)
    if found is None:
        return ""
    small = hidden_case(0, tuple(a["name"] for a in args), found.args)
    said = f" has {sizes_said(found.sizes)}" if found.sizes else " is"
    return (
        f" {case.name.capitalize()} failed; the smallest case like it that your function "
        f"also gets wrong{said}: {small.inputs}."
    )


def probe_answers(learner: Learner, p: Prepared, mine: Run, reference: Run):
    """What the answers show when no mutant fits (see oracles/probes); the reference
    answers the probes' own inputs in a child of its own."""
    want = [
        as_tree(
            reference.answers[i]
            if case.expected is None
            else _like(case.expected, reference.answers[i])
        )
        for i, case in enumerate(p.cases)
    ]
    answers = [LearnerRaised(a.info) if isinstance(a, Raised) else as_tree(a) for a in mine.answers]
    names = tuple(a["name"] for a in p.config["args"])

    def dim_name(arg: int, axis: int) -> str | None:
        shape = p.config["args"][arg].get("shape", []) if arg < len(names) else []
        return shape[axis] if axis < len(shape) and isinstance(shape[axis], str) else None

    def refer(calls: list[tuple]) -> list:
        run = runs.run_program(
            p.reference_source,
            p.function,
            p.config,
            [Case("probe", args) for args in calls],
            p.limits,
            "reference.py",
            programs=False,
            spawn=learner.spawn,
            shared=learner.trusted,
        )
        return (
            [None if isinstance(a, Raised) else as_tree(a) for a in run.answers]
            if not run.load_error
            else [None] * len(calls)
        )

    def again(calls: list[tuple]) -> list:
        return [
            as_tree(a) if not isinstance(a, Raised) else LearnerRaised(a.info)
            for a in _answers(learner._child.call_many(calls))
        ]

    keep = probed(p.cases, answers, want)
    return probe(
        Probe(
            [p.cases[i] for i in keep],
            [answers[i] for i in keep],
            [want[i] for i in keep],
            names,
            call_many=again,
            reference=refer,
            dim_name=dim_name,
            source=learner.source,
            axes=tuple(p.config.get("result_axes") or ()),
            tolerance=(p.config.get("rtol", RTOL), p.config.get("atol", ATOL)),
        )
    )
