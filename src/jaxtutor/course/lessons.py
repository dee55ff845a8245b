"""Lessons: the TOML model, loading, and errors that name file, line and column.

A lesson file holds one lesson and its exercise; the exercise id is the lesson id.
The built-in course lives in `lessons/` at the repository root and ships inside the
wheel as `jaxtutor/lessons`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from jaxtutor.disk_cache import KeptAsJson
from jaxtutor.verdict import listed

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MEMORY_MIB = 2048
PART_MAX = 40  # a part's name is a heading in the outline's narrow column
# the heading over lessons without a part that follow a part (a pack's, say), so they do
# not look like the end of the part before them
NO_PART = "Other lessons"


def part_headings(lessons: list[Lesson]) -> list[str | None]:
    """Per lesson, the heading to show above it, or None: a heading where a part begins."""
    headings, part = [], ""
    for lesson in lessons:
        heading = None
        if lesson.part != part:
            heading = lesson.part or NO_PART
        headings.append(heading)
        part = lesson.part
    return headings


class LessonError(Exception):
    """A problem in a lesson file, located as file:line:column."""

    def __init__(self, path: Path | str, line: int, column: int, message: str):
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path, self.line, self.column, self.message = Path(path), line, column, message


@dataclass(frozen=True)
class Exercise:
    id: str
    function: str
    oracle: str
    starter: str
    solution: str
    hints: tuple[str, ...]
    timeout_s: float = DEFAULT_TIMEOUT_S
    memory_mib: int = DEFAULT_MEMORY_MIB
    config: dict = field(default_factory=dict)  # oracle-specific settings (the [exercise] table)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    explanation: str
    exercise: Exercise
    path: Path
    order: int = 0
    summary: str = ""
    requires: tuple[str, ...] = ()
    part: str = ""
    skills: tuple[str, ...] = ()  # what the exercise practises, first the one it is about


# -- where lessons are ----------------------------------------------------------------


def builtin_dir() -> Path:
    """The built-in course: inside the installed package, or at the source checkout's root."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "lessons"
    if packaged.is_dir():
        return packaged
    return package.parents[1] / "lessons"


def load_dir(folder: Path) -> tuple[list[Lesson], list[LessonError]]:
    """Every lesson in a folder, in course order; a broken file never hides the others."""
    lessons, errors = [], []
    for path in sorted(folder.glob("*.toml")):
        if path.name == "pack.toml":
            continue
        try:
            lessons.append(load_file(path))
        except LessonError as exc:
            errors.append(exc)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.path.name))
    _PARSED.save()
    return lessons, errors


def builtin_lessons() -> list[Lesson]:
    lessons, errors = load_dir(builtin_dir())
    if errors:
        raise errors[0]
    return lessons


def find_exercise(exercise_id: str, lessons: list[Lesson] | None = None) -> Lesson | None:
    for lesson in lessons if lessons is not None else builtin_lessons():
        if lesson.id == exercise_id:
            return lesson
    return None


# -- reading one file -----------------------------------------------------------------

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def toml_error(exc: tomllib.TOMLDecodeError) -> tuple[int, int, str]:
    """Line, column and reason of a TOML syntax error: tomllib writes the position into
    its message."""
    m = _TOML_POSITION.search(str(exc))
    line, column = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
    return line, column, _TOML_POSITION.sub("", str(exc)).strip()


def locate(text: str, table: str | None, key: str) -> tuple[int, int]:
    """Line and column of `key` inside `[table]` (top level when table is None).
    tomllib gives values without positions, so errors about a key find it here."""
    current = None
    header = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-]+)\s*\]")
    assignment = re.compile(rf"^(\s*){re.escape(key)}\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if m := header.match(line):
            current = m.group(1)
            if table is not None and current == f"{table}.{key}":
                return number, line.index("[") + 1
            continue
        if current == table and (m := assignment.match(line)):
            return number, len(m.group(1)) + 1
    for number, line in enumerate(text.splitlines(), start=1):  # at least the table
        if table and (m := header.match(line)) and m.group(1) == table:
            return number, 1
    return 1, 1


def load_file(path: Path) -> Lesson:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(path, 1, 1, f"cannot read the file: {exc}") from None
    try:
        data = _PARSED.get(text)
        if data is None:
            data = tomllib.loads(text)
            _PARSED.put(text, data)
    except tomllib.TOMLDecodeError as exc:
        line, column, reason = toml_error(exc)
        raise LessonError(path, line, column, f"invalid TOML: {reason}") from None
    return from_data(data, path, text)


# tomllib is pure Python: parsing the whole course at every app start would come before
# its first frame. Parsed files are kept as JSON; a file that changed is parsed again.
_PARSED = KeptAsJson("lessons.json")


def _require(data: dict, key: str, kind: type, path: Path, text: str, table: str | None):
    if key not in data:
        line, column = locate(text, table, key) if table else (1, 1)
        where = f"[{table}]" if table else "the lesson"
        raise LessonError(path, line, column, f"{where} needs `{key}`")
    value = data[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        line, column = locate(text, table, key)
        raise LessonError(
            path, line, column, f"`{key}` must be a {kind.__name__}, not {type(value).__name__}"
        )
    return value


def from_data(data: dict, path: Path, text: str = "") -> Lesson:
    def get(table_data, key, kind, table=None, default=...):
        if default is not ... and key not in table_data:
            return default
        return _require(table_data, key, kind, path, text, table)

    ex = get(data, "exercise", dict)
    hints = get(ex, "hints", list, "exercise")
    for i, hint in enumerate(hints):
        if not isinstance(hint, str) or not hint.strip():
            line, column = locate(text, "exercise", "hints")
            raise LessonError(path, line, column, f"hint {i + 1} is empty or not a string")
    lesson_id = get(data, "id", str)
    exercise = Exercise(
        id=lesson_id,
        function=get(ex, "function", str, "exercise"),
        oracle=get(ex, "oracle", str, "exercise"),
        starter=get(ex, "starter", str, "exercise"),
        solution=get(ex, "solution", str, "exercise"),
        hints=tuple(hints),
        timeout_s=get(ex, "timeout_s", float, "exercise", DEFAULT_TIMEOUT_S),
        memory_mib=get(ex, "memory_mib", int, "exercise", DEFAULT_MEMORY_MIB),
        config=ex,
    )
    requires = get(data, "requires", list, default=[])
    part = get(data, "part", str, default="")
    if part and (part != part.strip() or "\n" in part or len(part) > PART_MAX):
        line, column = locate(text, None, "part")
        raise LessonError(
            path,
            line,
            column,
            f"`part` must be a short name on one line "
            f"(at most {PART_MAX} characters, no surrounding spaces)",
        )
    return Lesson(
        id=lesson_id,
        title=get(data, "title", str),
        explanation=get(data, "explanation", str) + inputs_said(ex, exercise.function),
        exercise=exercise,
        path=path,
        order=get(data, "order", int, default=0),
        summary=get(data, "summary", str, default=""),
        requires=tuple(str(r) for r in requires),
        part=part,
        skills=tuple(str(s) for s in get(data, "skills", list, default=[])),
    )


def sizes_said(sizes, function: str) -> str:
    """The sizes the check calls `function` at, in words, from [exercise.sizes]: the task's
    bounds, said where the learner reads the task, so that a pass claims no more than the
    check draws (an answer that only breaks past N = 64 is right on this task). Empty when
    the lesson names no sizes; what lint would reject is left out."""
    said, ranges = [], False
    for name, size in sizes.items() if isinstance(sizes, dict) else ():
        if isinstance(size, dict) and all(type(size.get(k)) is int for k in ("min", "max")):
            said.append(f"{name} from {size['min']} to {size['max']}")
            ranges = True
        elif isinstance(size, list) and size and all(type(n) is int for n in size):
            said.append(
                f"{name} = {size[0]}" if len(size) == 1 else f"{name} one of {listed(size)}"
            )
    if not said:
        return ""
    how = ": each range at its smallest, at its largest and at one size between" if ranges else ""
    return f"The check calls `{function}` with {listed(said)}{how}."


def drawn_range(arg: dict, wide: bool) -> tuple[float, float]:
    """A generic exercise's argument's random values: low..high, or in its wide cases
    wide_low..wide_high (each defaulting to the other)."""
    low, high = float(arg.get("low", -1.0)), float(arg.get("high", 1.0))
    if wide:
        low = float(arg["wide_low"]) if arg.get("wide_low") is not None else low
        high = float(arg["wide_high"]) if arg.get("wide_high") is not None else high
    return low, high


_SCALARS = {"python_float": "a Python float", "python_int": "a Python int", "int32": "an int32"}
_ENTRIES = {"int32": "int32s", "bool": "bools"}  # an array's entries; else floats
_DECLARED = ("edges", "invariants", "amplifiers")  # the cases an exercise declares by name


def values_said(ex: dict) -> str:
    """What the hidden cases pass for each argument, in words (the fixed ones are shown),
    so that a pass claims no more than the check draws (an answer that diverges at lr =
    10, breaks for an int x or for a column of zeros where entries are at least 0.5, is
    right on this task). A scalar: its type, its random range and wide one, the declared
    values outside both (an lr of 0) and a property's factor. An array: its entries'
    type and random ranges (the declared edges, named in the results, may go beyond).
    Empty when there is none; what lint would reject is left out."""
    scalars, args = [], ex.get("args")
    arrays: dict[str, list[str]] = {}  # the entries in words -> the arrays drawn so
    for arg in args if isinstance(args, list) else ():
        try:
            name = arg["name"]
            if not isinstance(name, str):
                continue
            if arg.get("shape"):
                arrays.setdefault(_entries_said(ex, arg), []).append(f"`{name}`")
            else:
                scalars.append(f"`{name}` is {_scalar_said(ex, arg)}")
        except (AttributeError, KeyError, TypeError, ValueError):
            continue
    said = [f"In the hidden cases, {'; '.join(scalars)}."] if scalars else []
    if arrays:
        kinds = [f"{words} ({', '.join(names)})" for words, names in arrays.items()]
        said.append(
            f"Array entries are drawn as {listed(kinds)}; the edges the results name may go beyond."
        )
    return " ".join(said)


def _drawn_said(ex: dict, arg: dict, declared: list) -> str:
    """An argument's random values in words ("from -1 to 1 or 10 to 1000, and 0"): its
    ranges, then its own edge values and the `declared` ones that none of them holds."""
    ranges = [drawn_range(arg, False)]
    if ex.get("wide_cases") and {"wide_low", "wide_high"} & arg.keys():
        ranges.append(drawn_range(arg, True))
    whole = str(arg.get("dtype")) in ("int32", "python_int")
    spans = " or ".join(
        f"{int(lo)} to {int(hi)}" if whole else f"{lo:g} to {hi:g}" for lo, hi in ranges
    )
    signed = bool(arg.get("log_uniform") and arg.get("signed"))
    values = list(arg.get("edges", [])) + declared
    numbers = {abs(v) if signed else v for v in values if type(v) in (int, float)}
    outside = sorted(v for v in numbers if not any(lo <= v <= hi for lo, hi in ranges))
    words = f"of size {spans}, of either sign" if signed else f"from {spans}"
    if outside:
        words += ", and " + listed([f"{v:g}" if type(v) is float else str(v) for v in outside])
    return words


def _entries_said(ex: dict, arg: dict) -> str:
    kind = _ENTRIES.get(str(arg.get("dtype")), "floats")
    return kind if kind == "bools" else f"{kind} {_drawn_said(ex, arg, [])}"


def _scalar_said(ex: dict, arg: dict) -> str:
    declared = [
        made.get("set", {}).get(arg["name"]) for kind in _DECLARED for made in ex.get(kind, [])
    ]
    words = f"{_SCALARS.get(str(arg.get('dtype')), 'a float')} {_drawn_said(ex, arg, declared)}"
    factors = [
        f"{made['factor']:g}"
        for made in ex.get("properties", [])
        if made.get("kind") == "scale" and arg["name"] in made.get("args", [])
    ]
    return words + (f" (a property multiplies it by {listed(factors)})" if factors else "")


def inputs_said(ex: dict, function: str) -> str:
    """The paragraph below a lesson's explanation: its sizes, then its values."""
    said = " ".join(filter(None, (sizes_said(ex.get("sizes"), function), values_said(ex))))
    return f"\n\n{said}\n" if said else ""


# -- the schema: every key a lesson file may hold (read by `jaxtutor lint` and the guide) --


@dataclass(frozen=True)
class Key:
    """One key of a lesson file. `kind` is the TOML type; `items` is the schema of each
    entry of an array of tables, `table` the schema of a sub-table."""

    kind: str  # string | integer | float | boolean | array | table | tables | value
    meaning: str
    required: bool = False
    default: object = None
    items: dict | None = None
    table: dict | None = None


LESSON_KEYS = {
    "id": Key(
        "string", "Unique id, lowercase letters, digits and _; also the exercise id.", required=True
    ),
    "title": Key("string", "The lesson's title.", required=True),
    "order": Key("integer", "Position in the course; lower comes first.", default=0),
    "requires": Key("array", "Ids of lessons the learner should finish first.", default=[]),
    "summary": Key("string", "One sentence shown in lists.", default=""),
    "skills": Key(
        "array",
        "What the exercise practises, the one it is about first: short names in lowercase "
        'letters, digits and "-", such as "grad" or "scan-carry". A skill is known once '
        "a lesson names it; a pack can name new ones.",
        default=[],
    ),
    "part": Key(
        "string",
        "The part of the course the lesson belongs to, shown as a heading "
        "in the outline and in `list`; lessons of one part come one after another.",
        default="",
    ),
    "explanation": Key("string", "The lesson itself, in Markdown.", required=True),
    "exercise": Key("table", "The exercise (see the [exercise] keys).", required=True),
}

EXERCISE_KEYS = {
    "function": Key("string", "Name of the function the learner writes.", required=True),
    "oracle": Key("string", "Which oracle checks it: `generic` or a built-in one.", required=True),
    "starter": Key("string", "The file the learner starts from; it must not pass.", required=True),
    "solution": Key("string", "A solution; it must pass.", required=True),
    "hints": Key(
        "array", "Hints from a gentle nudge to the full answer (non-empty strings).", required=True
    ),
    "timeout_s": Key(
        "float", "Wall-clock limit for one check, in seconds.", default=DEFAULT_TIMEOUT_S
    ),
    "memory_mib": Key(
        "integer", "Memory limit for the learner's process, in MiB.", default=DEFAULT_MEMORY_MIB
    ),
    "variants": Key(
        "tables",
        "Other forms of the task a review asks ([[exercise.variants]]): constants of the "
        "exercise's code rebound, code replaced, a built-in oracle's settings "
        "(course/variants.py).",
        default=[],
        items={
            "id": Key("string", "The variant's name, unique in the lesson.", required=True),
            "task": Key(
                "string", "What this variant changes, in the learner's words.", required=True
            ),
            "set": Key(
                "table",
                "Top-level constants of the starter, solution, reference and mutants, with "
                "the variant's values: `{ BETA = 0.5 }`.",
                default={},
            ),
            "code": Key(
                "table",
                "Code of the starter, solution, reference and mutants replaced for this "
                'variant, exactly: `{ "argnums=(1, 2)" = "argnums=(1, 3)" }`.',
                default={},
            ),
            "function": Key(
                "string",
                "The function's name in this variant, where it renames it (with `code`).",
                default="",
            ),
            "settings": Key(
                "table",
                "What a built-in oracle reads for this variant, by the names it declares "
                '(docs/authoring.md lists them): `{ asked = ["w", "y"] }`.',
                default={},
            ),
            "text": Key(
                "table",
                "Strings of the explanation and hints replaced for this variant: "
                '`{ "0.9 * v" = "0.5 * v" }`.',
                default={},
            ),
            "part": Key(
                "string",
                "The [[exercise.parts]] name of the part the variant changes, if any.",
                default="",
            ),
        },
    ),
}
