"""`jaxtutor lint`: every problem in lesson files, with file:line:column and a fix.

First the files are read as data: keys (with "did you mean"), types, ids, prerequisites,
order, hints, oracle names, Python in Markdown and in the exercise's programs. Then each
exercise that reads cleanly is proved with real checks: the starter must not pass, the
solution (and a separate reference) must pass, and every mutant must fail and be
recognised as itself.
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from jaxtutor.course.lessons import (EXERCISE_KEYS, LESSON_KEYS, Key, Lesson, LessonError, builtin_dir,
                              from_data)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass
class Problem:
    path: Path
    line: int
    column: int
    code: str  # a stable name for editors and CI, e.g. unknown-key
    message: str
    fix: str

    def text(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}\n    fix: {self.fix}"

    def to_json(self) -> dict:
        return {"file": str(self.path), "line": self.line, "column": self.column,
                "code": self.code, "message": self.message, "fix": self.fix}


@dataclass
class Result:
    files: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    proved: list[str] = field(default_factory=list)  # lesson ids whose exercise was proved

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {"version": 1, "ok": self.ok, "files": [str(f) for f in self.files],
                "proved": self.proved, "problems": [p.to_json() for p in self.problems]}

    def text(self) -> str:
        lines = [p.text() for p in sorted(self.problems, key=lambda p: (str(p.path), p.line))]
        if self.ok:
            lines.append(f"{len(self.files)} file(s) clean"
                         + (f"; proved {len(self.proved)} exercise(s)" if self.proved else ""))
        else:
            lines.append(f"{len(self.problems)} problem(s) in "
                         f"{len({p.path for p in self.problems})} file(s)")
        return "\n".join(lines)


# -- where things are in the file -----------------------------------------------------

class Locator:
    """Line and column of a key path such as ("exercise", "mutants", 1, "code").
    Skips the insides of multi-line strings, where code often looks like `key = ...`."""

    _HEADER = re.compile(r"^(\s*)(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?")
    _KEY = re.compile(r"^(\s*)\"?([A-Za-z0-9_\-]+)\"?\s*=")

    def __init__(self, text: str):
        self.text = text
        self.headers: dict[tuple, tuple[int, int]] = {}  # (table, index) -> position
        self.keys: dict[tuple, tuple[int, int]] = {}  # (table, index, key) -> position
        counts: dict[str, int] = {}
        table, index, inside = "", None, None
        for number, line in enumerate(text.splitlines(), start=1):
            if inside:
                if line.count(inside) % 2 == 1:
                    inside = None
                continue
            if m := self._HEADER.match(line):
                table = m.group(3)
                if m.group(2) == "[[":
                    index = counts.get(table, 0)
                    counts[table] = index + 1
                else:
                    index = None
                self.headers.setdefault((table, index), (number, len(m.group(1)) + 1))
                continue
            if m := self._KEY.match(line):
                self.keys.setdefault((table, index, m.group(2)), (number, len(m.group(1)) + 1))
            for quote in ("'''", '"""'):
                if line.count(quote) % 2 == 1:
                    inside = quote
                    break

    def find(self, path: tuple) -> tuple[int, int]:
        for cut in range(len(path), 0, -1):
            if (found := self._lookup(path[:cut])) is not None:
                return found
        return 1, 1

    def _lookup(self, path: tuple):
        names = [p for p in path if isinstance(p, str)]
        last_index = lambda parts: next((p for p in reversed(parts) if isinstance(p, int)), None)
        if isinstance(path[-1], int):
            return self.headers.get((".".join(names), path[-1]))
        parent, key = path[:-1], path[-1]
        table = ".".join(p for p in parent if isinstance(p, str))
        return (self.keys.get((table, last_index(parent), key))
                or self.headers.get((".".join(names), None)))

    def string_start(self, path: tuple) -> int:
        """The file line of the first line of a string value."""
        line, _ = self.find(path)
        source = self.text.splitlines()[line - 1] if line - 1 < len(self.text.splitlines()) else ""
        for quote in ("'''", '"""'):
            if quote in source:
                rest = source.split(quote, 1)[1]
                return line + 1 if not rest.strip() else line
        return line


# -- reading one file -----------------------------------------------------------------

_KINDS = {"string": str, "integer": int, "float": (int, float), "boolean": bool,
          "array": list, "table": dict, "tables": list}


def _kind_ok(value, key: Key) -> bool:
    if key.kind == "value":
        return True
    if isinstance(value, bool) and key.kind != "boolean":
        return False
    if key.kind == "tables":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    return isinstance(value, _KINDS[key.kind])


def _type_name(value) -> str:
    return {str: "a string", int: "an integer", float: "a float", bool: "a boolean",
            list: "an array", dict: "a table"}.get(type(value), type(value).__name__)


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
                fix = (f"Did you mean `{close[0]}`?" if close else
                       f"Remove it; {where} knows: {', '.join(sorted(schema))}.")
                self.add(path + (name,), "unknown-key", f"unknown key `{name}` in {where}", fix)
            elif not _kind_ok(value, key):
                want = {"tables": "an array of tables", "integer": "an integer",
                        "array": "an array"}.get(key.kind, f"a {key.kind}")
                self.add(path + (name,), "wrong-type",
                         f"`{name}` must be {want}, not {_type_name(value)}",
                         f"Write `{name}` as {want}: {key.meaning}")
            elif key.table is not None:
                self.walk(value, key.table, path + (name,), f"[{'.'.join(path + (name,))}]")
            elif key.items is not None:
                for i, item in enumerate(value):
                    self.walk(item, key.items, path + (name, i),
                              f"[[{'.'.join(path + (name,))}]] entry {i + 1}")
        for name, key in schema.items():
            if key.required and name not in data:
                self.add(path, "missing-key", f"{where} needs `{name}`",
                         f"Add `{name} = ...`: {key.meaning}")

    def python(self, code: str, where: tuple, first_line: int, what: str) -> None:
        try:
            compile(code, what, "exec")
        except SyntaxError as exc:
            line = first_line + (exc.lineno or 1) - 1
            self.problems.append(Problem(self.path, line, exc.offset or 1, "python-syntax",
                                         f"{what} is not valid Python: {exc.msg}",
                                         "Fix the code so that it runs on its own as a file."))

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
                self.problems.append(Problem(self.path, start + i, 1, "markdown",
                                             "a ``` code block is never closed",
                                             "Close it with a line holding only ```."))
                return
            if m.group(1) == "python":
                self.python("\n".join(lines[i + 1:end]), ("explanation",), start + i + 1,
                            "a ```python block in the explanation")
            i = end + 1


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
        return None, [Problem(path, 1, 1, "unreadable", f"cannot read the file: {exc}",
                              "Save the lesson as UTF-8 text.")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POSITION.search(str(exc))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        return None, [Problem(path, line, column, "toml",
                              f"invalid TOML: {_TOML_POSITION.sub('', str(exc)).strip()}",
                              "Fix the TOML syntax here; often a missing quote, bracket or "
                              "comma, or ''' inside a ''' string.")]
    f = FileLinter(path, text)
    ex = data.get("exercise") if isinstance(data.get("exercise"), dict) else {}
    oracle = ex.get("oracle")
    extra = oracle_keys(oracle) if isinstance(oracle, str) else {}
    if isinstance(oracle, str) and extra is None:
        from jaxtutor import oracles

        close = difflib.get_close_matches(oracle, oracles.names(), n=1, cutoff=0.5)
        f.add(("exercise", "oracle"), "unknown-oracle", f"there is no oracle named {oracle!r}",
              f"Did you mean {close[0]!r}?" if close else
              f"Use one of: {', '.join(oracles.names())}.")
        extra = {k: Key("value", "") for k in ex if k not in EXERCISE_KEYS}  # cannot judge them
    schema = dict(LESSON_KEYS, exercise=Key("table", LESSON_KEYS["exercise"].meaning,
                                            required=True, table={**EXERCISE_KEYS, **extra}))
    f.walk(data, schema, (), "the lesson")
    lesson_id = data.get("id")
    if isinstance(lesson_id, str) and not ID_PATTERN.match(lesson_id):
        f.add(("id",), "bad-id", f"id {lesson_id!r} is not a plain name",
              "Use lowercase letters, digits and _, starting with a letter.")
    hints = ex.get("hints")
    if isinstance(hints, list):
        if not hints:
            f.add(("exercise", "hints"), "empty-hint", "the exercise has no hints",
                  "Add hints, from a gentle nudge to the full answer.")
        for i, hint in enumerate(hints):
            if not isinstance(hint, str) or not hint.strip():
                f.add(("exercise", "hints"), "empty-hint", f"hint {i + 1} is empty",
                      "Write the hint, or remove the empty string.")
    requires = data.get("requires")
    if isinstance(requires, list):
        for r in requires:
            if not isinstance(r, str):
                f.add(("requires",), "wrong-type", f"requires holds {_type_name(r)}",
                      "List lesson ids as strings, e.g. requires = [\"grad_basics\"].")
    if isinstance(data.get("explanation"), str):
        f.markdown(data["explanation"])
    for key in ("solution", "reference"):
        if isinstance(ex.get(key), str):
            f.python(ex[key], ("exercise", key), f.loc.string_start(("exercise", key)),
                     f"the {key}")
    if oracle == "generic":
        from jaxtutor.oracles.generic import spec

        for i, mutant in enumerate(ex.get("mutants") or []):
            if isinstance(mutant, dict) and isinstance(mutant.get("code"), str):
                f.python(mutant["code"], ("exercise", "mutants", i, "code"),
                         f.loc.string_start(("exercise", "mutants", i, "code")),
                         f"mutant {mutant.get('id', i + 1)!r}")
        if not f.problems:
            for where, message, fix in spec.problems(ex):
                f.add(("exercise",) + where, "exercise-spec", message, fix)
    if f.problems:
        return None, f.problems
    try:
        return from_data(data, path, text), []
    except LessonError as exc:
        return None, [Problem(path, exc.line, exc.column, "invalid", exc.message,
                              "Fix the value as the message says.")]


# -- across files ---------------------------------------------------------------------

def cross_check(lessons: list[Lesson], known_elsewhere: set[str]) -> list[Problem]:
    """Duplicate ids and orders, prerequisites that do not exist or come later."""
    problems = []
    by_id: dict[str, Lesson] = {}
    by_order: dict[int, Lesson] = {}

    def at(lesson: Lesson, key: str, code: str, message: str, fix: str) -> None:
        line, column = Locator(lesson.path.read_text(encoding="utf-8")).find((key,))
        problems.append(Problem(lesson.path, line, column, code, message, fix))

    for lesson in sorted(lessons, key=lambda l: str(l.path)):
        if lesson.id in by_id:
            at(lesson, "id", "duplicate-id",
               f"id {lesson.id!r} is also used by {by_id[lesson.id].path.name}",
               "Give each lesson its own id.")
        elif lesson.id in known_elsewhere:
            at(lesson, "id", "duplicate-id", f"id {lesson.id!r} is already a built-in lesson",
               "Give the lesson an id of its own; a pack cannot replace a built-in lesson.")
        by_id.setdefault(lesson.id, lesson)
        if lesson.order and lesson.order in by_order:
            at(lesson, "order", "duplicate-order",
               f"order {lesson.order} is also used by {by_order[lesson.order].path.name}",
               "Give each lesson its own place in the course.")
        by_order.setdefault(lesson.order, lesson)
    for lesson in lessons:
        for need in lesson.requires:
            if need in by_id:
                if by_id[need].order >= lesson.order:
                    at(lesson, "requires", "requires-order",
                       f"requires {need!r}, which comes at order {by_id[need].order}, "
                       f"not before this lesson's order {lesson.order}",
                       f"Give this lesson an order above {by_id[need].order}, or drop the "
                       "prerequisite.")
            elif need not in known_elsewhere:
                close = difflib.get_close_matches(need, list(by_id) + sorted(known_elsewhere), 1)
                at(lesson, "requires", "unknown-requires",
                   f"requires {need!r}, but no lesson has that id",
                   f"Did you mean {close[0]!r}?" if close else "Name an existing lesson id.")
            if need == lesson.id:
                at(lesson, "requires", "requires-order", "the lesson requires itself",
                   "Remove its own id from requires.")
    # a part is one heading in the outline, so its lessons must not be split by another's
    ordered = sorted(lessons, key=lambda l: (l.order, l.path.name))
    seen = set()
    for before, lesson in zip([None, *ordered], ordered):
        if lesson.part and before is not None and lesson.part != before.part \
                and lesson.part in seen:
            at(lesson, "part", "part-split",
               f"part {lesson.part!r} already began earlier, and {before.path.name} "
               f"(part {before.part!r}) comes in between",
               "Give the lessons of one part orders next to each other, or another part.")
        seen.add(lesson.part)
    return problems


# -- proving the exercises ------------------------------------------------------------

def prove(lesson: Lesson, server=None) -> list[Problem]:
    """Run the real checks: starter fails, solution passes, each mutant is recognised.
    With `server` (a runner.launch.ForkServer), each check's children are forked from it
    rather than each importing JAX. The exercise's own programs (reference, mutants) run
    in one trusted child for the whole proof, as the app's pool keeps one: a child per
    check compiled them all again (the capstone's proof took a quarter more CPU)."""
    from jaxtutor.check import _forked
    from jaxtutor.runner.host.pool import TrustedChild
    from jaxtutor.runner.host.sandbox import Child

    spawn = functools.partial(_forked, server) if server is not None else None
    with contextlib.closing(TrustedChild(spawn or Child)) as trusted:
        return _prove(lesson, spawn, trusted)


def _prove(lesson: Lesson, spawn, trusted) -> list[Problem]:
    from jaxtutor.check import check_source, limits_for
    from jaxtutor.verdict import Outcome

    ex = lesson.exercise
    text = lesson.path.read_text(encoding="utf-8")
    loc = Locator(text)
    problems = []

    def report(where: tuple, code: str, message: str, fix: str) -> None:
        line, column = loc.find(where)
        problems.append(Problem(lesson.path, line, column, code, message, fix))

    def check(source: str, where: tuple, what: str):
        # one fixed seed: a proof must not depend on the draw, and must repeat exactly
        children = {} if spawn is None else {"child": spawn(limits_for(ex)), "clean": spawn}
        verdict = check_source(ex, source, filename=f"{what}.py", seed=0, trusted=trusted,
                               **children)
        if verdict.outcome is Outcome.INTERNAL_ERROR:
            report(where, "check-error", f"checking the {what} failed inside jaxtutor: "
                   f"{verdict.message.splitlines()[-1] if verdict.message else ''}",
                   "Check the exercise's reference, cases and function name.")
            return None
        return verdict

    starter = check(ex.starter, ("exercise", "starter"), "starter")
    if starter is not None and starter.passed:
        report(("exercise", "starter"), "starter-passes", "the starter already passes",
               "Leave the starter incomplete: the learner should have something to do.")
    solution = check(ex.solution, ("exercise", "solution"), "solution")
    if solution is not None and not solution.passed:
        failed = next((t for t in solution.tests if t.status != "pass"), None)
        detail = f" ({failed.name}: {failed.message})" if failed else f": {solution.message[:200]}"
        report(("exercise", "solution"), "solution-fails",
               f"the solution does not pass{detail}",
               "Fix the solution, or the reference and cases it is compared with.")
    if ex.oracle != "generic" or solution is None or not solution.passed:
        return problems
    if ex.config.get("reference"):
        # only the answers: a NumPy reference need not meet the structure rules
        ref = check(ex.config["reference"], ("exercise", "reference"), "reference")
        wrong = [t for t in (ref.tests if ref else []) if t.status != "pass"
                 and not t.name.startswith("structure:") and "recompile" not in t.name]
        if ref is not None and (wrong or not ref.tests):
            said = f"{wrong[0].name}: {wrong[0].message}" if wrong else ref.message[:200]
            report(("exercise", "reference"), "reference-fails",
                   f"the reference disagrees with a fixed case's expected answer ({said})",
                   "Fix the reference or the `expected` value of the case.")
    for i, mutant in enumerate(ex.config.get("mutants") or []):
        where = ("exercise", "mutants", i)
        verdict = check(mutant["code"], where, f"mutant_{mutant['id']}")
        if verdict is None:
            continue
        got = verdict.diagnosis.id if verdict.diagnosis else None
        if verdict.passed:
            report(where, "mutant-passes", f"mutant {mutant['id']!r} passes every test",
                   "Add a case (or a structure rule) on which this mistake gives a "
                   "different answer, or remove the mutant.")
        elif got != mutant["id"]:
            said = f"recognised as {got!r}" if got else "not recognised as any mutant"
            report(where, "mutant-unrecognised", f"mutant {mutant['id']!r} fails but is {said}",
                   "Make each mutant's mistake differ from the others' on some case; "
                   "mutants with the same answers cannot be told apart.")
    # a declared mistake is proved by its example: recognised as itself, so no mutant
    # and no earlier mistake shadows it
    for i, mistake in enumerate(ex.config.get("mistakes") or []):
        where = ("exercise", "mistakes", i)
        verdict = check(mistake["example"], where, f"mistake_{mistake['id']}")
        if verdict is None:
            continue
        got = verdict.diagnosis.id if verdict.diagnosis else None
        if verdict.passed:
            report(where, "mistake-passes", f"the example of mistake {mistake['id']!r} passes",
                   "Write an example that makes the mistake, or add a case that shows it.")
        elif got != mistake["id"]:
            said = f"recognised as {got!r}" if got else "not recognised"
            report(where, "mistake-unrecognised",
                   f"the example of mistake {mistake['id']!r} fails but is {said}",
                   "Make the evidence (error, probe, code) fit the example, and differ from "
                   "the mutants' and the earlier mistakes'.")
    return problems


# -- the whole run --------------------------------------------------------------------

def lesson_files(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """Lesson files and pack manifests among the given files and folders."""
    files, manifests = [], []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.glob("*.toml") if p.name != "pack.toml")
            if (path / "pack.toml").is_file():
                manifests.append(path / "pack.toml")
        elif path.name == "pack.toml":
            manifests.append(path)
        else:
            files.append(path)
    return files, manifests


def lint(paths: list[Path] | None = None, prove_exercises: bool = True, jobs: int = 2) -> Result:
    from jaxtutor.course import packs

    paths = [Path(p) for p in paths] if paths else [builtin_dir()]
    result = Result()
    for path in paths:
        if not path.exists():
            result.problems.append(Problem(path, 1, 1, "missing-file", "no such file or folder",
                                           "Give the path of a lesson file or a folder of them."))
    files, manifests = lesson_files([p for p in paths if p.exists()])
    result.files = files + manifests
    for manifest in manifests:
        result.problems += packs.lint_manifest(manifest)
    lessons = []
    for path in files:
        lesson, problems = lint_file(path)
        result.problems += problems
        if lesson is not None:
            lessons.append(lesson)
    builtin = builtin_dir().resolve()
    elsewhere = set()
    if any(p.resolve().parent != builtin for p in files):  # a pack may build on the course
        elsewhere = {lesson.id for lesson in packs.builtin_or_empty()}
    result.problems += cross_check(lessons, elsewhere)
    if prove_exercises:
        clean = [lesson for lesson in lessons
                 if not any(p.path == lesson.path for p in result.problems)]
        # one fork server for every proof: JAX is imported once, not once per check
        from jaxtutor.check import _fork_server

        server = _fork_server() if clean else None
        try:
            with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                proofs = pool.map(functools.partial(prove, server=server), clean)
                for lesson, problems in zip(clean, proofs):
                    result.problems += problems
                    if not problems:
                        result.proved.append(lesson.id)
        finally:
            if server is not None:
                server.close()
    return result
