"""The parts of an exercise that can be taken out of play ([[exercise.parts]]), so that
a failed check can say where the learner's numbers part from the reference's.

Each part declares inputs on which it does nothing: a clip bound no gradient reaches,
one step (nothing carries to the next). When an answer fails and no named mistake fits,
the learner's function and the reference run on those inputs, drawn in the check's own
shapes (values, not compiles), and the tutor says what it measured: with the part out
of play the answers agree, with it in play they do not. Lint proves each switch: the
mutants of the part agree with it off, and every other mutant still fails with it off,
so the switch hides no mistake made elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.generic import edges
from jaxtutor.oracles.generic.cases import make_cases
from jaxtutor.oracles.generic.compare import differences, tolerance_of
from jaxtutor.oracles.generic.runs import Raised
from jaxtutor.verdict import Diagnosis


def off_cases(config: dict, seed: int, part: dict) -> list[Case]:
    """The cases with `part` out of play: its table applied to fresh draws, in the
    shapes the check of `seed` compiled (its sizes are drawn first, from the same seed),
    and nothing else."""
    fixed = {name: [int(n)] for name, n in (part.get("fixed_sizes") or {}).items()}
    bare = {
        **config,
        "sizes": {**(config.get("sizes") or {}), **fixed},
        "cases": [],
        "random_cases": 0,
        "wide_cases": 0,
        "args": [{k: v for k, v in a.items() if k != "edges"} for a in config["args"]],
        **{kind: [] for kind in edges.KINDS},
        "edges": [{**part, "repeat": int(part.get("repeat", 3))}],
    }
    return make_cases(bare, seed)


def agree(
    config: dict, cases: list[Case], answers: list, reference: list, closest: dict | None = None
) -> bool:
    """Whether `answers` equal the reference's on every case, as the check compares;
    `closest` (a tolerance), at most as loosely as that: the failed cases' closest, so
    that a difference the check saw only on a case compared closer is looked for as
    closely with the part out of play."""
    configs = [
        {**c, **{k: min(c[k], v) for k, v in (closest or {}).items()}}
        for c in (tolerance_of(config, case) for case in cases)
    ]
    return not any(isinstance(got, Raised) for got in answers) and not any(
        differences(answers, reference, configs)
    )


@dataclass
class Measured:
    part: dict
    cases: int
    agreed: bool  # the learner's answers equal the reference's with the part out of play


def said(measured: list[Measured]) -> Diagnosis | None:
    """What the runs with each part out of play showed, in sentences; None when no part
    was measured. Said of the failed check, so "in play, they differ" is its own fact.
    `parts_not_placed` where no part out of play made the answers agree: that places
    the difference nowhere, so it is said only where nothing else was found."""
    if not measured:
        return None
    agreed = [m for m in measured if m.agreed]
    if len(agreed) == 1:
        (m,) = agreed
        name = m.part["name"]
        others = [o.part["name"] for o in measured if not o.agreed]
        still = f" With {_either(others)} out of play instead, they still differ." if others else ""
        return Diagnosis(
            "part_out_of_play",
            f"With {name} out of play ({m.part['off']}), your results equal the reference's "
            f"on all {m.cases} cases; with it in play they do not: the difference is in "
            f"{name}.{still}",
            hint=f"Look at {name} in your code, and compare what it does on the failing case "
            "with what the task asks of it.",
        )
    if agreed:
        return Diagnosis(
            "part_out_of_play",
            "Your results equal the reference's with "
            + _either([f"{m.part['name']} ({m.part['off']})" for m in agreed])
            + " out of play, and differ with all of them in play: the difference is in "
            "what they share.",
        )
    if len(measured) == 1:
        (m,) = measured
        name = m.part["name"]
        # out of play the reference's part changes nothing; the learner's may still act
        # (a clip that rescales every gradient), so both causes stay open
        return Diagnosis(
            "parts_not_placed",
            f"With {name} out of play ({m.part['off']}), where it changes nothing in the "
            f"reference, your results still differ from the reference's: either {name} in "
            f"your code acts there too, or the difference is outside {name}.",
        )
    return Diagnosis(
        "parts_not_placed",
        "With each of these out of play in turn, where it changes nothing in the "
        "reference, your results still differ from the reference's: "
        + "; ".join(f"{m.part['name']} ({m.part['off']})" for m in measured)
        + ". Either one of them acts in your code where it should change nothing, or the "
        "difference is outside them.",
    )


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _given(mutant: dict):
    """A mutant's `part` as written, a single name made a list of one."""
    given = mutant.get("part") or []
    return [given] if isinstance(given, str) else given


def of_mutant(mutant: dict) -> list[str]:
    """The parts a mutant's mistake is in: `part` names one, or a list of several (a
    per-batch clip is hidden both by a clip no gradient reaches and by identical
    examples). Anything else names none (lint says so)."""
    named = _given(mutant)
    return [n for n in named if isinstance(n, str)] if isinstance(named, list) else []


def problems(config: dict) -> list[tuple[tuple, str, str]]:
    """What is wrong in the declared parts beyond their tables' form (edges.problems
    reads that), as (key path, problem, fix-it sentence)."""
    found: list[tuple[tuple, str, str]] = []
    tables = [t if isinstance(t, dict) else {} for t in config.get("parts") or []]
    names = [t.get("name") for t in tables]
    mutants = [m for m in config.get("mutants") or [] if isinstance(m, dict)]
    sizes = config.get("sizes") or {}
    for i, mutant in enumerate(mutants):
        listed = _given(mutant)
        if not isinstance(listed, list) or not all(isinstance(n, str) for n in listed):
            found.append(
                (
                    ("mutants", i, "part"),
                    "`part` is not a part's name or an array of names",
                    'Write part = "<name>", or part = ["<name>", "<name>"] for a mistake '
                    "that each of those parts' switches hides.",
                )
            )
        for name in of_mutant(mutant):
            if name not in names:
                found.append(
                    (
                        ("mutants", i, "part"),
                        f"part {name!r} is not the name of an [[exercise.parts]]",
                        f"Name a declared part: {', '.join(map(str, names)) or 'declare one first'}.",
                    )
                )
    for i, table in enumerate(tables):
        if not any(table.get("name") in of_mutant(m) for m in mutants):
            found.append(
                (
                    ("parts", i, "name"),
                    f"no mutant says its mistake is in {table.get('name')!r}, so nothing "
                    "proves the switch",
                    f'Give a mutant of this part `part = "{table.get("name")}"`: lint proves '
                    "it agrees with the reference when the part is out of play.",
                )
            )
        fixed = table.get("fixed_sizes") or {}
        if all(name in sizes and isinstance(n, int) and n >= 1 for name, n in fixed.items()):
            if table.get("name") and not off_cases(config, 0, table):
                found.append(
                    (
                        ("parts", i, "name"),
                        f"{table.get('name')!r} draws no case: its `sizes` names a shape "
                        "the sizes never take (with `fixed_sizes`, no size is a range)",
                        'Leave `sizes` out, or name a shape the sizes take ("min", "max" '
                        'or "mid" of a range).',
                    )
                )
        for name, n in fixed.items():
            if name not in sizes or not isinstance(n, int) or n < 1:
                found.append(
                    (
                        ("parts", i, "fixed_sizes"),
                        f"`{name} = {n!r}` is not a whole size of [exercise.sizes]",
                        f"Name a size of [exercise.sizes] ({', '.join(sizes) or 'none'}) "
                        "and give it a whole number of 1 or more.",
                    )
                )
    return found
