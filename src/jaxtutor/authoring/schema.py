"""A lesson file or a pack's manifest read as data: keys (with "did you mean"), types,
ids, hints, oracle names, Python in Markdown and in the exercise's programs."""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path

from jaxtutor.authoring.problems import Locator, Problem
from jaxtutor.course.lessons import (
    EXERCISE_KEYS,
    LESSON_KEYS,
    Key,
    Lesson,
    LessonError,
    from_data,
    toml_error,
)
from jaxtutor.course.packs import MANIFEST_KEYS, VERSION_SPEC

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


_KINDS: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "float": (int, float),
    "boolean": bool,
    "array": list,
    "table": dict,
    "tables": list,
}


def _kind_ok(value, key: Key) -> bool:
    if key.kind == "value":
        return True
    if isinstance(value, bool) and key.kind != "boolean":
        return False
    if key.kind == "tables":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    return isinstance(value, _KINDS[key.kind])


def _type_name(value) -> str:
    return {
        str: "a string",
        int: "an integer",
        float: "a float",
        bool: "a boolean",
        list: "an array",
        dict: "a table",
    }.get(type(value), type(value).__name__)


class FileLinter:
    def __init__(self, path: Path, text: str):
        self.path, self.text = path, text
        self.loc = Locator(text)
        self.problems: list[Problem] = []

    def add(self, where: tuple, code: str, message: str, fix: str) -> None:
        line, column = self.loc.find(where) if where else (1, 1)
        self.problems.append(Problem(self.path, line, column, code, message, fix))

    def walk(self, data: dict, schema: dict, path: tuple, where: str) -> None:
        """Unknown, missing and mistyped keys of one table, and of the tables in it."""
        for name, value in data.items():
            key = schema.get(name)
            if key is None:
                close = difflib.get_close_matches(name, list(schema), n=1, cutoff=0.6)
                fix = (
                    f"Did you mean `{close[0]}`?"
                    if close
                    else f"Remove it; {where} knows: {', '.join(sorted(schema))}."
                )
                self.add(path + (name,), "unknown-key", f"unknown key `{name}` in {where}", fix)
            elif not _kind_ok(value, key):
                want = {
                    "tables": "an array of tables",
                    "integer": "an integer",
                    "array": "an array",
                }.get(key.kind, f"a {key.kind}")
                self.add(
                    path + (name,),
                    "wrong-type",
                    f"`{name}` must be {want}, not {_type_name(value)}",
                    f"Write `{name}` as {want}: {key.meaning}",
                )
            elif key.table is not None:
                self.walk(value, key.table, path + (name,), f"[{'.'.join(path + (name,))}]")
            elif key.items is not None:
                for i, item in enumerate(value):
                    self.walk(
                        item,
                        key.items,
                        path + (name, i),
                        f"[[{'.'.join(path + (name,))}]] entry {i + 1}",
                    )
        for name, key in schema.items():
            if key.required and name not in data:
                self.add(
                    path,
                    "missing-key",
                    f"{where} needs `{name}`",
                    f"Add `{name} = ...`: {key.meaning}",
                )

    def python(self, code: str, where: tuple, first_line: int, what: str) -> None:
        try:
            compile(code, what, "exec")
        except SyntaxError as exc:
            line = first_line + (exc.lineno or 1) - 1
            self.problems.append(
                Problem(
                    self.path,
                    line,
                    exc.offset or 1,
                    "python-syntax",
                    f"{what} is not valid Python: {exc.msg}",
                    "Fix the code so that it runs on its own as a file.",
                )
            )

    def markdown(self, explanation: str) -> None:
        start = self.loc.string_start(("explanation",))
        fence = re.compile(r"^```([A-Za-z0-9_+-]*)\s*$")
        lines = explanation.splitlines()
        i = 0
        while i < len(lines):
            m = fence.match(lines[i].strip())
            if not m or not m.group(1):
                i += 1
                continue
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), None)
            if end is None:
                self.problems.append(
                    Problem(
                        self.path,
                        start + i,
                        1,
                        "markdown",
                        "a ``` code block is never closed",
                        "Close it with a line holding only ```.",
                    )
                )
                return
            if m.group(1) == "python":
                self.python(
                    "\n".join(lines[i + 1 : end]),
                    ("explanation",),
                    start + i + 1,
                    "a ```python block in the explanation",
                )
            i = end + 1


def _settings_problem(oracle: str, settings: dict) -> str | None:
    """Why the oracle cannot take a variant's settings, or None."""
    from jaxtutor import oracles

    try:
        oracles.get(oracle, settings)
    except (ValueError, TypeError) as exc:
        return str(exc)
    return None


def oracle_keys(name: str) -> dict | None:
    """The extra [exercise] keys an oracle understands; None when it does not exist."""
    from jaxtutor import oracles

    if name not in oracles.names():
        return None
    try:
        return dict(getattr(oracles.get(name), "keys", {}) or {})
    except Exception:  # an oracle that cannot be imported has no extra keys to offer
        return {}


def lint_file(path: Path) -> tuple[Lesson | None, list[Problem]]:
    """One lesson file, read as data. Returns the lesson when it loads."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [
            Problem(
                path,
                1,
                1,
                "unreadable",
                f"cannot read the file: {exc}",
                "Save the lesson as UTF-8 text.",
            )
        ]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column, reason = toml_error(exc)
        return None, [
            Problem(
                path,
                line,
                column,
                "toml",
                f"invalid TOML: {reason}",
                "Fix the TOML syntax here; often a missing quote, bracket or "
                "comma, or ''' inside a ''' string.",
            )
        ]
    f = FileLinter(path, text)
    ex = data.get("exercise")
    if not isinstance(ex, dict):
        ex = {}
    oracle = ex.get("oracle")
    extra = oracle_keys(oracle) if isinstance(oracle, str) else {}
    if extra is None:
        assert isinstance(oracle, str)  # a name, of no oracle
        from jaxtutor import oracles

        close = difflib.get_close_matches(oracle, oracles.names(), n=1, cutoff=0.5)
        f.add(
            ("exercise", "oracle"),
            "unknown-oracle",
            f"there is no oracle named {oracle!r}",
            f"Did you mean {close[0]!r}?"
            if close
            else f"Use one of: {', '.join(oracles.names())}.",
        )
        extra = {k: Key("value", "") for k in ex if k not in EXERCISE_KEYS}  # cannot judge them
    schema = dict(
        LESSON_KEYS,
        exercise=Key(
            "table",
            LESSON_KEYS["exercise"].meaning,
            required=True,
            table={**EXERCISE_KEYS, **extra},
        ),
    )
    f.walk(data, schema, (), "the lesson")
    lesson_id = data.get("id")
    if isinstance(lesson_id, str) and not ID_PATTERN.match(lesson_id):
        f.add(
            ("id",),
            "bad-id",
            f"id {lesson_id!r} is not a plain name",
            "Use lowercase letters, digits and _, starting with a letter.",
        )
    hints = ex.get("hints")
    if isinstance(hints, list):
        if not hints:
            f.add(
                ("exercise", "hints"),
                "empty-hint",
                "the exercise has no hints",
                "Add hints, from a gentle nudge to the full answer.",
            )
        for i, hint in enumerate(hints):
            if not isinstance(hint, str) or not hint.strip():
                f.add(
                    ("exercise", "hints"),
                    "empty-hint",
                    f"hint {i + 1} is empty",
                    "Write the hint, or remove the empty string.",
                )
    requires = data.get("requires")
    if isinstance(requires, list):
        for r in requires:
            if not isinstance(r, str):
                f.add(
                    ("requires",),
                    "wrong-type",
                    f"requires holds {_type_name(r)}",
                    'List lesson ids as strings, e.g. requires = ["grad_basics"].',
                )
    if isinstance(data.get("explanation"), str):
        f.markdown(data["explanation"])
    if not f.problems:
        from jaxtutor.course import variants

        for where, code, message, fix in variants.problems(ex, data.get("explanation") or ""):
            f.add(("exercise",) + where, code, message, fix)
        for i, table in enumerate(ex.get("variants") or []):
            settings = table.get("settings")
            if (
                settings
                and isinstance(oracle, str)
                and (why := _settings_problem(oracle, settings))
            ):
                f.add(
                    ("exercise", "variants", i, "settings"),
                    "variant-setting",
                    f"variant {table.get('id')!r}: {why}",
                    "Give only settings the oracle takes, with values it can use.",
                )
    for key in ("solution", "reference"):
        if isinstance(ex.get(key), str):
            f.python(
                ex[key], ("exercise", key), f.loc.string_start(("exercise", key)), f"the {key}"
            )
    if oracle == "generic":
        from jaxtutor.oracles.generic import problems as generic_problems

        for i, mutant in enumerate(ex.get("mutants") or []):
            if isinstance(mutant, dict) and isinstance(mutant.get("code"), str):
                f.python(
                    mutant["code"],
                    ("exercise", "mutants", i, "code"),
                    f.loc.string_start(("exercise", "mutants", i, "code")),
                    f"mutant {mutant.get('id', i + 1)!r}",
                )
        if not f.problems:
            for where, message, fix in generic_problems.problems(ex):
                f.add(("exercise",) + where, "exercise-spec", message, fix)
    if f.problems:
        return None, f.problems
    try:
        return from_data(data, path, text), []
    except LessonError as exc:
        return None, [
            Problem(
                path,
                exc.line,
                exc.column,
                "invalid",
                exc.message,
                "Fix the value as the message says.",
            )
        ]


def lint_manifest(path: Path) -> list:
    """Problems in a pack.toml, in the linter's form."""
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column, reason = toml_error(exc)
        return [
            Problem(
                path, line, column, "toml", f"invalid TOML: {reason}", "Fix the TOML syntax here."
            )
        ]
    except (OSError, UnicodeDecodeError) as exc:
        return [
            Problem(
                path,
                1,
                1,
                "unreadable",
                f"cannot read the manifest: {exc}",
                "Save pack.toml as UTF-8 text.",
            )
        ]
    f = FileLinter(path, text)
    f.walk(data, MANIFEST_KEYS, (), "pack.toml")
    spec = data.get("jax")
    if (
        isinstance(spec, str)
        and spec.strip() != "any"
        and not all(VERSION_SPEC.match(part) for part in spec.split(","))
    ):
        f.add(
            ("jax",),
            "bad-version-range",
            f"cannot read the JAX version range {spec!r}",
            'Write comparisons separated by commas, e.g. ">=0.4.30,<0.11".',
        )
    return f.problems
