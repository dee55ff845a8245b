"""Proving an exercise with real checks: the starter must not pass, the solution (and a
separate reference) must pass, and every mutant must fail and be recognised as itself."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from jaxtutor.authoring import corpus as answers
from jaxtutor.authoring.problems import Locator, Problem
from jaxtutor.course.lessons import Lesson

# the draws of the exercise's space the solution is proved on (`jaxtutor check --seed`
# repeats each); the starter and the mutants are proved on the first
SOLUTION_SEEDS = (0, 1, 2)


def prove(lesson: Lesson, server=None, corpus: Sequence[Path] = ()) -> list[Problem]:
    """Run the real checks: starter fails, solution passes, each mutant is recognised,
    and each of the lesson's `corpus` files gets the feedback its header asks for.
    With `server` (a runner.host.launch.ForkServer), each check's children are forked
    from it, else from one started for this proof. The exercise's own programs
    (reference, mutants) run in one trusted child for the whole proof, as the app's pool
    keeps one: a child per check would compile them all again."""
    from jaxtutor.runner.host.pool import TrustedChild
    from jaxtutor.runner.host.runners import OneOff

    runners = OneOff(server) if server is not None else OneOff.with_fork_server()
    with (
        contextlib.closing(runners),
        contextlib.closing(TrustedChild(runners.clean, runners.lesson)) as trusted,
    ):
        runners.trusted = trusted
        problems = _prove(lesson, runners)
        if not any(p.code in ("solution-fails", "check-error") for p in problems):
            problems += _prove_variants(lesson, runners)
            problems += _prove_corpus(lesson, runners, corpus)
        return problems


def _prove_variants(lesson: Lesson, runners) -> list[Problem]:
    """Each declared variant proved as the task is (its starter fails, its solution
    passes, each mutant is named), and the task's own solution failing it: a review the
    old draft passes would ask nothing new."""
    from jaxtutor.check import check_source
    from jaxtutor.course import variants

    loc = Locator(lesson.path.read_text(encoding="utf-8"))
    problems = []
    for i, table in enumerate(variants.declared(lesson)):
        asked = variants.variant(lesson, table["id"])
        line, column = loc.find(("exercise", "variants", i))
        said = f"variant {table['id']!r}: "
        for found in _prove(asked, runners):
            problems.append(
                Problem(lesson.path, line, column, found.code, said + found.message, found.fix)
            )
        old = check_source(
            asked.exercise, lesson.exercise.solution, "task_solution.py", seed=0, runners=runners
        )
        if old.passed:
            problems.append(
                Problem(
                    lesson.path,
                    line,
                    column,
                    "variant-same-task",
                    said + "the task's own solution passes it, so a review of it asks "
                    "nothing the old draft does not already do",
                    "Set values that change the answers, such as another rate or factor.",
                )
            )
    return problems


def _prove(lesson: Lesson, runners) -> list[Problem]:
    from jaxtutor.check import check_source
    from jaxtutor.verdict import Outcome

    ex = lesson.exercise
    text = lesson.path.read_text(encoding="utf-8")
    loc = Locator(text)
    problems = []

    def problem(where: tuple, code: str, message: str, fix: str) -> None:
        line, column = loc.find(where)
        problems.append(Problem(lesson.path, line, column, code, message, fix))

    def check(source: str, where: tuple, what: str, seed: int = 0):
        # fixed seeds: a proof must repeat exactly
        verdict = check_source(ex, source, filename=f"{what}.py", seed=seed, runners=runners)
        if verdict.outcome is Outcome.INTERNAL_ERROR:
            problem(
                where,
                "check-error",
                f"checking the {what} failed inside jaxtutor: "
                f"{verdict.message.splitlines()[-1] if verdict.message else ''}",
                "Check the exercise's reference, cases and function name.",
            )
            return None
        return verdict

    starter = check(ex.starter, ("exercise", "starter"), "starter")
    if starter is not None and starter.passed:
        problem(
            ("exercise", "starter"),
            "starter-passes",
            "the starter already passes",
            "Leave the starter incomplete: the learner should have something to do.",
        )
    solution = check(ex.solution, ("exercise", "solution"), "solution")
    # the solution passes wherever the space is drawn: at more than one draw of it
    for seed in SOLUTION_SEEDS[1:]:
        if solution is None or not solution.passed:
            break
        solution = check(ex.solution, ("exercise", "solution"), "solution", seed)
    if solution is not None and not solution.passed:
        failed = next((t for t in solution.tests if t.status != "pass"), None)
        detail = f" ({failed.name}: {failed.message})" if failed else f": {solution.message[:200]}"
        problem(
            ("exercise", "solution"),
            "solution-fails",
            f"the solution does not pass at seed {solution.seed}{detail}",
            "Fix the solution, or the reference and cases it is compared with.",
        )
    if ex.oracle != "generic" or solution is None or not solution.passed:
        return problems
    if ex.config.get("reference"):
        # only the answers: a NumPy reference need not meet the structure rules
        ref = check(ex.config["reference"], ("exercise", "reference"), "reference")
        wrong = [
            t for t in (ref.tests if ref else []) if t.status != "pass" and _about_numbers(t.name)
        ]
        if ref is not None and (wrong or not ref.tests):
            said = f"{wrong[0].name}: {wrong[0].message}" if wrong else ref.message[:200]
            problem(
                ("exercise", "reference"),
                "reference-fails",
                f"the reference disagrees with a fixed case's expected answer ({said})",
                "Fix the reference or the `expected` value of the case.",
            )
    numbers_wrong = set()  # the mutants whose answers are wrong, not only a rule
    for i, mutant in enumerate(ex.config.get("mutants") or []):
        where = ("exercise", "mutants", i)
        verdict = check(mutant["code"], where, f"mutant_{mutant['id']}")
        if verdict is None:
            continue
        if any(t.status != "pass" and _about_numbers(t.name) for t in verdict.tests):
            numbers_wrong.add(mutant["id"])
        got = verdict.diagnosis.id if verdict.diagnosis else None
        if verdict.passed:
            problem(
                where,
                "mutant-passes",
                f"mutant {mutant['id']!r} passes every test",
                "Add a case (or a structure rule) on which this mistake gives a "
                "different answer, or remove the mutant.",
            )
        elif got != mutant["id"]:
            said = f"recognised as {got!r}" if got else "not recognised as any mutant"
            problem(
                where,
                "mutant-unrecognised",
                f"mutant {mutant['id']!r} fails but is {said}",
                "Make each mutant's mistake differ from the others' on some case; "
                "mutants with the same answers cannot be told apart.",
            )
    _prove_parts(lesson, runners, numbers_wrong, problem)
    # a declared mistake is proved by its example: recognised as itself, so no mutant
    # and no earlier mistake shadows it
    for i, mistake in enumerate(ex.config.get("mistakes") or []):
        where = ("exercise", "mistakes", i)
        verdict = check(mistake["example"], where, f"mistake_{mistake['id']}")
        if verdict is None:
            continue
        got = verdict.diagnosis.id if verdict.diagnosis else None
        if verdict.passed:
            problem(
                where,
                "mistake-passes",
                f"the example of mistake {mistake['id']!r} passes",
                "Write an example that makes the mistake, or add a case that shows it.",
            )
        elif got != mistake["id"]:
            said = f"recognised as {got!r}" if got else "not recognised"
            problem(
                where,
                "mistake-unrecognised",
                f"the example of mistake {mistake['id']!r} fails but is {said}",
                "Make the evidence (error, probe, code) fit the example, and differ from "
                "the mutants' and the earlier mistakes'.",
            )
    return problems


def _about_numbers(test: str) -> bool:
    """Whether a test compares answers, not a structure or recompilation rule."""
    return not test.startswith("structure:") and "recompile" not in test


def _prove_parts(lesson: Lesson, runners, numbers_wrong: set, problem) -> None:
    """Each part's switch, proved on its inputs (at seed 0): the mutants that say their
    mistake is in it agree with the reference there, and every other mutant whose
    answers are wrong still differs there, so a learner told "with this part out of play
    your results equal the reference's" has no mistake elsewhere that it hid."""
    from jaxtutor.oracles.generic import parts, runs
    from jaxtutor.oracles.generic.cases import prepare

    p = prepare(lesson.exercise, 0)
    mutants = lesson.exercise.config.get("mutants") or []
    for i, part in enumerate(lesson.exercise.config.get("parts") or []):
        cases = parts.off_cases(p.config, 0, part)

        def run(source: str, name: str, cases: list = cases) -> list:
            return runs.answers_of(
                p, source, f"{name}.py", cases, runners.clean, runners.trusted
            ).answers

        reference = run(p.reference_source, "reference")
        for mutant in mutants:
            mine = parts.agree(p.config, cases, run(mutant["code"], mutant["id"]), reference)
            inside = part["name"] in parts.of_mutant(mutant)
            if inside and not mine:
                problem(
                    ("exercise", "parts", i),
                    "part-not-off",
                    f"with {part['name']!r} out of play, mutant {mutant['id']!r} (a mistake "
                    "in it) still differs from the reference",
                    "Choose inputs on which this part does nothing, or move the mutant's "
                    "`part` to the part its mistake is in.",
                )
            elif not inside and mutant["id"] in numbers_wrong and mine:
                problem(
                    ("exercise", "parts", i),
                    "part-hides-a-mistake",
                    f"with {part['name']!r} out of play, mutant {mutant['id']!r} (a mistake "
                    "elsewhere) agrees with the reference: the switch hides it",
                    "Choose inputs that take only this part out of play, or give that "
                    "mutant `part` if its mistake is in this part.",
                )


def _prove_corpus(lesson: Lesson, runners, files: Sequence[Path]) -> list[Problem]:
    """Each corpus file checked at seed 0 (a failure repeats) against its header: a
    mistake named where the header names another fires on an answer it is not for."""
    from jaxtutor.check import check_source
    from jaxtutor.verdict import Outcome

    ex = lesson.exercise
    loc = Locator(lesson.path.read_text(encoding="utf-8"))
    declared = {
        entry["id"]: loc.find(("exercise", kind, i))
        for kind in ("mutants", "mistakes")
        for i, entry in enumerate(ex.config.get(kind) or [])
    }
    problems = []
    for path in files:
        want = answers.expected(path)
        if want is None:
            problems.append(
                Problem(
                    path,
                    1,
                    1,
                    "corpus-header",
                    "no `# cause: ID` line says what the feedback must name",
                    "Start the file with `# cause: ID` (or `# cause: none`).",
                )
            )
            continue
        source = path.read_text(encoding="utf-8", errors="replace")
        verdict = check_source(ex, source, filename=path.name, seed=0, runners=runners)
        found = (
            [f"checking it failed inside jaxtutor: {(verdict.message.splitlines() or [''])[-1]}"]
            if verdict.outcome is Outcome.INTERNAL_ERROR
            else answers.mismatches(want, verdict)
        )
        if not found:
            continue
        named = verdict.diagnosis.id if verdict.diagnosis else None
        if named in declared and named != want.cause:
            line, _ = declared[named]
            fix = (
                f"{named!r} ({lesson.path.name}:{line}) fires on an answer it is not for: "
                "give it evidence this file lacks (`needs`, `code`, a case), or correct "
                "the header."
            )
        else:
            fix = "Make the lesson's feedback fit this answer, or correct the header."
        problems.append(Problem(path, want.line, 1, "corpus-feedback", "; ".join(found), fix))
    return problems
