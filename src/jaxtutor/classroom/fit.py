"""`jaxtutor fit-skills`: each skill's BKT chances fitted to a class's exports with pyBKT.

Every export holds, per skill, the observations its estimate was made from (right or
wrong, in the order of the checks: learner/mastery.py). pyBKT fits prior, learn, guess
and slip per skill by expectation-maximisation over the whole class; the result is a
small JSON file that learners' tutors read in place of the documented defaults
(`jaxtutor progress --chances FILE`). pyBKT brings pandas and scikit-learn, so it is the
optional extra `jaxtutor[bkt]`, imported here only: never by the app or the learner's
commands, which apply the chances with mastery.update (a few multiplications a check).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from jaxtutor.classroom.intake import ExportError, read_export
from jaxtutor.learner.mastery import CHANCES_KIND, Chances
from jaxtutor.render import outfile
from jaxtutor.render.safe_text import inert, inert_text

FITS = 5  # pyBKT's restarts from random chances: the best likelihood is kept
SEED = 0  # the same exports give the same chances


def rows(exports: list[dict]) -> list[tuple[str, str, int, int]]:
    """(student, skill, right as 1 or 0, order) for every observation of every export:
    the table pyBKT fits. A student is their export's position, not their name (two
    exports may claim one name)."""
    found: list[tuple[str, str, int, int]] = []
    for student, data in enumerate(exports):
        for entry in data["skills"]:
            for right in entry["observations"]:
                found.append((f"s{student}", entry["skill"], int(right), len(found)))
    return found


def fit(table: list[tuple[str, str, int, int]]) -> dict[str, Chances]:
    """Each skill's chances, fitted by pyBKT (forgetting between checks stays at the
    defaults: the tutor forgets by the day, mastery.Chances.forget_per_day)."""
    import pandas as pd
    from pyBKT.models import Model

    _scalar_likelihood()
    frame = pd.DataFrame(table, columns=["user_id", "skill_name", "correct", "order_id"])
    model = Model(seed=SEED, num_fits=FITS, parallel=False)
    model.fit(data=frame)
    values = model.params()["value"]
    return {
        str(skill): Chances(
            prior=float(values[(skill, "prior", "default")]),
            learn=float(values[(skill, "learns", "default")]),
            guess=float(values[(skill, "guesses", "default")]),
            slip=float(values[(skill, "slips", "default")]),
        )
        for skill in sorted({row[1] for row in table})
    }


def _scalar_likelihood() -> None:
    """pyBKT 1.4.3's EM step returns the log-likelihood as a (1, 1) array and stores it
    in one element; NumPy 2 refuses that ("setting an array element with a sequence").
    The step's result is made a float, and nothing else changes."""
    import numpy as np
    from pyBKT.fit import EM_fit

    if getattr(EM_fit.run, "scalar_likelihood", False):
        return
    step = EM_fit.run

    def run(*args, **kwargs):
        result = step(*args, **kwargs)
        result["total_loglike"] = float(np.asarray(result["total_loglike"]).reshape(()))
        return result

    run.scalar_likelihood = True  # type: ignore[attr-defined]
    EM_fit.run = run


def as_json(chances: dict[str, Chances], students: int, table: list) -> str:
    return (
        json.dumps(
            {
                "kind": CHANCES_KIND,
                "version": 1,
                "students": students,
                "observations": len(table),
                "skills": {
                    name: {
                        "prior": round(c.prior, 5),
                        "learn": round(c.learn, 5),
                        "guess": round(c.guess, 5),
                        "slip": round(c.slip, 5),
                    }
                    for name, c in chances.items()
                },
            },
            indent=2,
        )
        + "\n"
    )


def command(args, course) -> int:
    """Read the exports (refusing each bad one with its reason), fit, print the chances
    per skill and write them to --out."""
    from rich.console import Console
    from rich.table import Table

    try:
        import pyBKT  # noqa: F401
    except ImportError:
        print(
            "jaxtutor: fit-skills needs pyBKT: pip install 'jaxtutor[bkt]'",
            file=sys.stderr,
        )
        return 2
    known = {lesson.id for lesson in course.lessons}
    exports = []
    for path in args.files:
        try:
            exports.append(read_export(Path(path), known))
        except ExportError as exc:
            print(f"jaxtutor: skipped {inert(str(exc))}", file=sys.stderr)
    table = rows(exports)
    if not table:
        print("jaxtutor: no observation of any skill in the exports given", file=sys.stderr)
        return 2
    chances = fit(table)
    shown = Table(
        title=f"Skill chances fitted to {len(exports)} exports ({len(table)} observations)"
    )
    for column in ("skill", "prior", "learn", "guess", "slip", "observations"):
        shown.add_column(column, justify="left" if column == "skill" else "right")
    for name, c in chances.items():
        checks = sum(1 for row in table if row[1] == name)
        shown.add_row(
            inert_text(name, multiline=False),
            *(f"{v:.3f}" for v in (c.prior, c.learn, c.guess, c.slip)),
            str(checks),
        )
    Console(stderr=args.out is None).print(shown)
    outfile.emit(as_json(chances, len(exports), table), args.out)
    return 0
