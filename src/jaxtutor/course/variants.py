"""A lesson's declared variants of its task, which a review asks in place of the task.

A variant rebinds constants the exercise is written in (`set = { BETA = 0.5 }`): each
top-level assignment of those names in the starter, the solution, the reference and the
mutants' code takes the variant's value, so the variant's reference and mutants come
from the same declaration as the task's, and lint proves them the same way. An exercise
a built-in oracle checks has its reference in the oracle: there the variant gives the
oracle's `settings` (`{ asked = ["w", "y"] }`, what the oracle declares it reads), and
the code it changes as exact replacements (`code`, in the starter, the solution and the
mutants), with the function's new name where the task renames it (`function`). The text
the learner reads changes where the variant's `text` marks it (`{ "old" = "new" }`, in
the explanation and the hints), below a line that says what this review changes. The
task's worked cases (`[[exercise.cases]]`) keep their inputs and take the variant's
answers; the hidden cases are drawn afresh, as at every check.
"""

from __future__ import annotations

import ast
import dataclasses

from jaxtutor.course.lessons import Lesson

# the mutant every variant has: the task's own solution
AS_WRITTEN = "task_as_first_written"


def declared(lesson: Lesson) -> list[dict]:
    """The lesson's `[[exercise.variants]]`, in the order the TOML gives them."""
    return [v for v in lesson.exercise.config.get("variants") or [] if isinstance(v, dict)]


def bound(code: str) -> set[str]:
    """The names a piece of code assigns at its top level (`BATCH, LR = 2, 0.1` binds
    both)."""
    names: set[str] = set()
    try:
        body = ast.parse(code).body
    except SyntaxError:  # said where the code is linted as Python
        return names
    for node in body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                elements = target.elts if isinstance(target, ast.Tuple) else [target]
                names |= {e.id for e in elements if isinstance(e, ast.Name)}
    return names


def rebind(code: str, values: dict) -> str:
    """`code` with each top-level assignment of a name in `values` given that value; the
    rest of the code, comments too, as it was."""
    lines = code.splitlines(keepends=True)
    for node in reversed(ast.parse(code).body):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        if isinstance(target, ast.Name) and target.id in values:
            new = f"{target.id} = {values[target.id]!r}"
        elif (
            isinstance(target, ast.Tuple)
            and isinstance(value, ast.Tuple)
            and len(target.elts) == len(value.elts)
            and any(isinstance(e, ast.Name) and e.id in values for e in target.elts)
        ):
            names = [ast.unparse(e) for e in target.elts]
            given = [
                repr(values[n]) if n in values else ast.unparse(v)
                for n, v in zip(names, value.elts)
            ]
            new = f"{', '.join(names)} = {', '.join(given)}"
        else:
            continue
        start, end = node.lineno - 1, node.end_lineno or node.lineno
        indent = lines[start][: node.col_offset]
        after = lines[end - 1][node.end_col_offset or 0 :] or "\n"  # a comment stays
        lines[start:end] = [f"{indent}{new}{after}"]
    return "".join(lines)


def as_written_words(table: dict) -> dict[str, str]:
    """What the check says to answers that are the task's as first written, not the
    variant's (`table`): the message and the hint."""
    return {
        "message": "Your answers are those of the lesson's task as first written, not this "
        f"review's. {table.get('task', '')}",
        "hint": "Read the change at the top of the lesson, and use the review's value "
        "wherever the task used the old one.",
    }


def variant(lesson: Lesson, ident: str) -> Lesson:
    """The lesson as the variant `ident` asks it (KeyError when it declares none such)."""
    table = next((v for v in declared(lesson) if v.get("id") == ident), None)
    if table is None:
        raise KeyError(ident)
    values, text = dict(table.get("set") or {}), dict(table.get("text") or {})
    replaced = dict(table.get("code") or {})

    def written(code: str) -> str:  # the code as this variant writes it
        for old, new in replaced.items():
            code = code.replace(old, new)
        return rebind(code, values)

    config = dict(lesson.exercise.config)
    if config.get("reference"):
        config["reference"] = written(config["reference"])
    if table.get("settings"):
        config["settings"] = dict(table["settings"])

    def said(words: str) -> str:
        for old, new in text.items():
            words = words.replace(old, new)
        return words

    def told(entry: dict, code: str) -> dict:  # a mutant's or mistake's words and code
        words = {k: said(entry[k]) for k in ("message", "hint") if isinstance(entry.get(k), str)}
        return dict(entry, **words, **({code: written(entry[code])} if code in entry else {}))

    # the likeliest wrong answer to a review is the task as first written: a mutant, so
    # the check names it at once rather than searching for a cause
    as_written = {
        "id": AS_WRITTEN,
        **as_written_words(table),
        "code": lesson.exercise.solution,
        "part": table.get("part", ""),  # the part the change is in, for lint's proof
    }
    config["mutants"] = [told(m, "code") for m in config.get("mutants") or []] + [as_written]
    config["mistakes"] = [told(m, "example") for m in config.get("mistakes") or []]
    # the task's worked cases keep their inputs, and take this review's answers (the
    # reference's); their names told the task's numbers
    config["cases"] = [
        {
            k: v
            for k, v in dict(
                case, name=f"the lesson's case {i + 1}, answered for this review"
            ).items()
            if k != "expected"
        }
        for i, case in enumerate(config.get("cases") or [])
    ]
    for drawn in ("edges", "invariants", "amplifiers"):  # their names may tell the answers
        config[drawn] = [
            dict(e, name=said(e["name"])) if isinstance(e.get("name"), str) else e
            for e in config.get(drawn) or []
        ]
    config["variant"] = table

    exercise = dataclasses.replace(
        lesson.exercise,
        function=table.get("function") or lesson.exercise.function,
        starter=written(lesson.exercise.starter),
        solution=written(lesson.exercise.solution),
        hints=tuple(said(h) for h in lesson.exercise.hints),
        config=config,
    )
    banner = f"> **This review changes the task.** {table.get('task', '')}\n\n"
    return dataclasses.replace(
        lesson, explanation=banner + said(lesson.explanation), exercise=exercise
    )


def of(lesson: Lesson) -> dict | None:
    """The declared variant `lesson` is asked as (its table: id, task, set), or None."""
    return lesson.exercise.config.get("variant")


def pick(lesson: Lesson, passes: int) -> str | None:
    """The variant a review asks after `passes` passes of the exercise: the first
    review (after the first pass) the first variant, the next the next, in turn. None:
    the lesson declares none, or was never passed."""
    found = declared(lesson)
    return found[(passes - 1) % len(found)]["id"] if found and passes >= 1 else None


def problems(ex: dict, explanation: str) -> list[tuple[tuple, str, str, str]]:
    """What makes the declared variants unusable, before any check runs: (where, code,
    message, fix) for a name no code binds, a text no text or code holds, an id used
    twice. (A setting the oracle does not take is said by authoring/schema.py.)"""
    found = []
    codes = {"starter": ex.get("starter"), "solution": ex.get("solution")}
    if ex.get("oracle") == "generic":
        codes["reference"] = ex.get("reference")
    written = {what: bound(code) for what, code in codes.items() if isinstance(code, str)}
    mistakes = [
        e for e in [*(ex.get("mutants") or []), *(ex.get("mistakes") or [])] if isinstance(e, dict)
    ]
    # the code a variant's `code` may replace: the exercise's, and its mistakes' own
    every_code = [
        c
        for c in [ex.get(k) for k in ("starter", "solution", "reference")]
        + [e.get(key) for e in mistakes for key in ("code", "example")]
        if isinstance(c, str)
    ]
    # the words a variant's `text` may replace: the lesson's, its mistakes' own, and the
    # names of its declared cases
    drawn = [e for k in ("edges", "invariants", "amplifiers") for e in ex.get(k) or []]
    said = [h for h in ex.get("hints") or [] if isinstance(h, str)] + [
        e[key]
        for e in mistakes + [e for e in drawn if isinstance(e, dict)]
        for key in ("message", "hint", "name")
        if isinstance(e.get(key), str)
    ]
    seen = set()
    for i, table in enumerate(ex.get("variants") or []):
        where = ("variants", i)
        if table.get("id") in seen:
            found.append(
                (
                    where + ("id",),
                    "variant-id-twice",
                    f"variant id {table['id']!r} is used twice",
                    "Give each variant an id of its own.",
                )
            )
        seen.add(table.get("id"))
        for name in table.get("set") or {}:
            missing = [what for what, names in written.items() if name not in names]
            if missing:
                found.append(
                    (
                        where + ("set",),
                        "variant-unbound",
                        f"variant {table.get('id')!r} sets {name}, which the {' and the '.join(missing)} "
                        "never assign at the top level",
                        f"Write the task's value as `{name} = ...` at the top of the starter, the "
                        "solution and the reference, and use the name where the value is used.",
                    )
                )
        for old in table.get("code") or {}:
            if not any(old in code for code in every_code):
                found.append(
                    (
                        where + ("code",),
                        "variant-code-unused",
                        f"variant {table.get('id')!r} replaces {old!r}, which no code of the "
                        "exercise contains (starter, solution, reference, mutants, mistakes)",
                        "Copy the code exactly as the exercise writes it, or remove the entry.",
                    )
                )
        for old in table.get("text") or {}:
            if old not in explanation and not any(old in words for words in said):
                found.append(
                    (
                        where + ("text",),
                        "variant-text-unused",
                        f"variant {table.get('id')!r} replaces {old!r}, which neither the "
                        "explanation nor a hint nor a mistake's words contain",
                        "Copy the words exactly as the lesson writes them, or remove the entry.",
                    )
                )
    return found
