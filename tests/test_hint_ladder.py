"""A hint ladder stays a ladder: no diagnosis hands over the line that solves the exercise.

When a check fails, the diagnosis names the mistake and points at the concept; the line
that solves the exercise is a rung of the lesson's `hints`, which the learner asks for
and which are counted. So no text a lesson can show with a failed check (its mutants'
and mistakes' message and hint, its structure message, its built-in oracle's
misconceptions, JAX's catalogued errors) may contain a solving fragment:

- a line of the solution, whitespace removed, that is not blank, a comment, an import,
  a def or class line, or a return of bare names; and its expression alone (after
  `return`, or right of `=`);
- an exact call of the solution with its arguments (`jax.grad(loss, argnums=(1, 2))`),
  a keyword argument (`argnums=(1, 2)`) or the join of a curried call
  (`has_aux=True)(params`);
- the same of the ladder's last rung when it is code: the answer the ladder gives, which
  may be spelt otherwise than the solution file;

at least 12 characters long without whitespace (so `jnp.sum(` and `axis=0` are names
of the concept, not the answer), and missing from the code the text is shown for (the
mutant's code, the mistake's example) and from the starter, which every learner holds.
A fragment the learner's code already holds is quoted back, not handed over.

The oracles' texts are read from their source: each Misconception's message and hint,
and the literal parts of every message or hint passed to `.diagnose(...)`.
"""

from __future__ import annotations

import ast
import io
import re
import textwrap
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

from jaxtutor import explain, oracles
from jaxtutor.course.lessons import Lesson, builtin_dir, load_dir

LESSONS, _ = load_dir(builtin_dir())
MIN_LENGTH = 12
ORACLES = Path(__file__).resolve().parents[1] / "src" / "jaxtutor" / "oracles"
ORACLE_SOURCES = {
    "argnums": [ORACLES / "argnums.py"],
    "has_aux": sorted((ORACLES / "has_aux").glob("*.py")),
    "scan_training_step": sorted((ORACLES / "scan_training").glob("*.py")),
}
TRIVIAL = re.compile(r"(import|from|def|class)\b|return(\s+\w+(\s*,\s*\w+)*)?\s*$|pass\s*$")
HOLE = "\0"  # where an f-string's computed part was: no fragment matches across it


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@dataclass(frozen=True)
class Text:
    where: str  # e.g. "mutant forgot_to_call: hint"
    words: str
    code: str  # the code it is shown for


# -- the solving fragments ------------------------------------------------------------


def _without_comments(source: str) -> list[str]:
    lines = source.splitlines()
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for tok in sorted((t for t in tokens if t.type == tokenize.COMMENT), reverse=True):
        row, col = tok.start
        lines[row - 1] = lines[row - 1][:col]
    return lines


def _line_fragments(source: str) -> set[str]:
    found = set()
    for line in _without_comments(source):
        line = line.strip()
        if not line or TRIVIAL.match(line):
            continue
        found.add(line)
        if line.startswith("return "):
            found.add(line.removeprefix("return "))
        elif m := re.match(r"[\w\s,.()\[\]\"']+?=(?!=)(.+)$", line):
            found.add(m.group(1))
    return found


def _expression_fragments(source: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            found.add(ast.get_source_segment(source, node) or "")
            found.update(ast.get_source_segment(source, k) or "" for k in node.keywords)
            inner = node.func
            if isinstance(inner, ast.Call) and node.args:
                last = [*inner.args, *inner.keywords]
                if last:
                    found.add(
                        f"{ast.get_source_segment(source, last[-1])})("
                        f"{ast.get_source_segment(source, node.args[0])}"
                    )
    return found


def solving_fragments(solution: str) -> set[str]:
    fragments = {squeeze(f) for f in _line_fragments(solution) | _expression_fragments(solution)}
    return {f for f in fragments if len(f) >= MIN_LENGTH}


def solutions(lesson: Lesson) -> list[str]:
    """The solution, and the ladder's last rung when it is code: a solution too, which
    may differ from the file's (a one-line .at[...].add where the file scans)."""
    last = textwrap.dedent(lesson.exercise.hints[-1])
    try:
        ast.parse(last)
    except SyntaxError:
        return [lesson.exercise.solution]
    return [lesson.exercise.solution, last]


# -- the texts a lesson can show --------------------------------------------------------


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_literal(v) or HOLE for v in node.values)
    return None


def oracle_texts(oracle: str) -> list[tuple[str, str]]:
    """(where, words) of every message and hint the oracle's source writes out."""
    found = []
    for path in ORACLE_SOURCES.get(oracle, []):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "Misconception" and len(node.args) == 3:
                what = _literal(node.args[0])
                for field, arg in zip(("message", "hint"), node.args[1:]):
                    if (words := _literal(arg)) is not None:
                        found.append((f"{path.name}: {what}: {field}", words))
            elif name == "diagnose":
                for k in node.keywords:
                    if k.arg in ("message", "hint") and (words := _literal(k.value)):
                        found.append((f"{path.name}:{node.lineno}: {k.arg}", words))
    return found


def texts(lesson: Lesson) -> list[Text]:
    ex = lesson.exercise
    found = []
    for kind, code_key in (("mutants", "code"), ("mistakes", "example")):
        for entry in ex.config.get(kind) or []:
            for field in ("message", "hint"):
                where = f"{kind[:-1]} {entry['id']}: {field}"
                found.append(Text(where, entry[field], entry[code_key]))
    if message := (ex.config.get("structure") or {}).get("message"):
        found.append(Text("structure: message", message, ex.starter))
    for where, words in oracle_texts(ex.oracle):
        found.append(Text(where, words, ex.starter))
    for known in explain.KNOWN:
        for field in ("words", "hint"):
            found.append(Text(f"explain {known.id}: {field}", getattr(known, field), ex.starter))
    return found


def given(fragments: set[str], text: Text, starter: str) -> list[str]:
    """The solving fragments `text` hands over: in its words, not in its code or the
    starter; only the longest, since a call inside a leaked line is the same leak."""
    words, code = squeeze(text.words), squeeze(text.code + starter)
    found = sorted(f for f in fragments if f in words and f not in code)
    return [f for f in found if not any(f != g and f in g for g in found)]


def leaks(lesson: Lesson) -> list[str]:
    fragments = set().union(*map(solving_fragments, solutions(lesson)))
    return [
        f"{text.where} gives {f!r}"
        for text in texts(lesson)
        for f in given(fragments, text, lesson.exercise.starter)
    ]


# -- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_diagnosis_hands_over_a_solving_line(lesson):
    assert leaks(lesson) == []


def test_the_rule_finds_a_solving_line():
    by_id = {lesson.id: lesson for lesson in LESSONS}
    argnums = by_id["argnums"].exercise
    fragments = solving_fragments(argnums.solution)
    assert "argnums=(1,2)" in fragments
    assert "jax.grad(loss,argnums=(1,2))(scale,w,x,y)" in fragments
    assert "jnp.sum(" not in fragments
    assert not any(f.startswith(("import", "def")) for f in fragments)
    said = Text("wrong_argnums: hint", "So you want argnums=(1, 2).", "")
    assert given(fragments, said, argnums.starter) == ["argnums=(1,2)"]
    named = Text("wrong_argnums: hint", "argnums counts positions from 0.", "")
    assert given(fragments, named, argnums.starter) == []
    has_aux = by_id["has_aux"].exercise
    assert "has_aux=True)(params" in solving_fragments(has_aux.solution)
    # the ladder's last rung, where it is code, is a solution too
    assert len(solutions(by_id["immutable_arrays"])) == 2


def test_every_built_in_oracle_is_read():
    assert set(ORACLE_SOURCES) == set(oracles.names()) - {"generic"}
    for name in ORACLE_SOURCES:
        assert len(oracle_texts(name)) >= 8, name
