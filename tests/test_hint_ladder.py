"""A hint ladder stays a ladder: no text hands over the line that solves the exercise
before the ladder's last rung does.

The line that solves the exercise is the last rung of the lesson's `hints`, which the
learner asks for rung by rung and which are counted. So none of the texts a lesson shows
before it may contain a solving fragment:

- every rung of `hints` but the last: each points one step further, none gives the line;
- every example of the explanation (its ```python blocks): an example teaches the idea
  on a neighbouring problem, not the exercise with its names changed;
- every diagnosis a failed check can show: its mutants' and mistakes' message and hint,
  its structure message, its parts' name and off, its built-in oracle's misconceptions,
  JAX's catalogued errors (src/jaxtutor/explain/catalogue.py).

The solving fragments are read from the solution, and from the ladder's last rung when it
is code (the answer the ladder gives, which may be spelt otherwise than the solution
file), each in three spellings: as written; with every helper name that is bound once
(`count = jnp.sum(mask)`) replaced by its value, since a text may write `jnp.sum(x > 0)`
where the solution names it; and with the calls' keyword arguments left out, since a
text may leave out a `dtype=` (of this spelling, calls and arguments only). A fragment is

- a line that is not blank, a comment, an import, a def or class line (decorators
  included: the frame the task sets), `pass` or a return of bare names; of a line that
  returns or assigns a value long enough to count, the value alone (after `return`, or
  right of `=`): a text that quotes the line quotes it too;
- two statements in a row (`g = jax.grad(loss)(w, x, y); updates, s = opt.update(g,
  s, w)`): which result feeds which call is an answer even where each line is not;
- a call with its arguments, and each argument, positional or keyword, that is more than
  one (dotted) name or literal (`argnums=(1, 2)`, `(x_batches, y_batches, jnp.arange(N))`;
  not `axis=0` or `dtype=jnp.float32`, which pick an option).

Texts and fragments are compared as tokens (the solution's from `tokenize`, a text's
with `tokenize`'s own token patterns, since prose is no Python), normalised so that
renaming hides nothing:

- every name the writer chose (a variable, an argument, a helper function: the solution's
  `ast` says which) becomes a placeholder numbered by first appearance. Kept as written:
  the libraries' names (`jax`, `jnp`, `lax`, `np`, `optax`, and what the code imports),
  Python's builtins and keywords, attribute names after a dot (`.grad`, `.at`) and
  keyword-argument names (`argnums=`). A placeholder matches one chosen name of the text,
  the same each time, and two placeholders never the same name;
- numbers and strings by value (`1` and `1.0` are one token); whitespace, and the
  solution's comments, are gone; a `;` may stand between two statements.

A fragment counts when it is 12 characters long or more without whitespace, each renamed
name counting one: `jnp.sum(x > 0)` (12) is an answer, `jnp.sum(mask)` (10) and
`axis=0` name a concept. And when it is more than a call on names, which names an API:
a call whose callee is a (dotted) name, `.at[name]` or such a call, and whose arguments
are names, such calls or keyword literals (`jax.random.fold_in(key, t)`,
`jax.grad(loss)(w, x, y)`, `opt.update(g, state, w)`, `totals.at[label].add(value)`,
`jax.value_and_grad(f, has_aux=True)(params)`), alone or assigned to names: renamed, it
is what every example of that API shows, not this exercise's answer. A literal argument
(`jnp.zeros(3)`), an attribute passed as a value (`jnp.float32`), an operator, a tuple
or a second statement make it an answer.

A fragment the learner already holds is quoted back, not handed over: one in the code
the text is shown for (the mutant's code, the mistake's example), in the starter, or in
the lesson's task (the explanation from "## Your task" on), which states the question.

The oracles' texts are read from their source: each Misconception's message and hint,
and the literal parts of every message or hint passed to `.diagnose(...)`.
"""

from __future__ import annotations

import ast
import builtins
import copy
import io
import keyword
import re
import textwrap
import tokenize
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from jaxtutor import explain, oracles
from jaxtutor.course.lessons import Lesson, builtin_dir, load_dir

LESSONS, _ = load_dir(builtin_dir())
MIN_SIZE = 12
ORACLES = Path(__file__).resolve().parents[1] / "src" / "jaxtutor" / "oracles"
ORACLE_SOURCES = {
    "argnums": [ORACLES / "argnums.py"],
    "has_aux": sorted((ORACLES / "has_aux").glob("*.py")),
    "scan_training_step": sorted((ORACLES / "scan_training").glob("*.py")),
}
HOLE = "\0"  # where an f-string's computed part was: no fragment matches across it
LIBRARIES = frozenset({"jax", "jnp", "lax", "np", "numpy", "optax"})
KEPT = LIBRARIES | frozenset(dir(builtins)) | frozenset(keyword.kwlist)
SEP = None  # between the two statements of a pair: a `;` in a text, or nothing
TASK = "## Your task"


@dataclass(frozen=True)
class Text:
    where: str  # e.g. "mutant forgot_to_call: hint"
    words: str
    code: str  # the code it is shown for


# -- tokens -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    text: str  # as compared: a number or a string by its value
    raw: str  # as written
    free: bool  # a name the writer chose: compared up to renaming


Part = str | int | None  # a token as compared, the n-th chosen name, or SEP


@dataclass(frozen=True)
class Fragment:
    source: str  # as the solution spells it, whitespace removed
    pattern: tuple[Part, ...]
    size: int  # characters without whitespace, a renamed name counting one


def _value(raw: str) -> str:
    """A number or string literal by its value: 1 and 1.0, 'a' and "a" compare equal."""
    try:
        value = ast.literal_eval(raw)
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = float(value)
    except (ValueError, SyntaxError, OverflowError):
        return raw
    return repr(value)


# tokenize's own patterns; a quote right after a letter is an apostrophe, not a string
_TOKEN = re.compile(
    rf"(?<!\w){tokenize.String}|{tokenize.Number}|{tokenize.Name}|{tokenize.Special}"
)


def _token(raw: str, after: Token | None) -> Token:
    if raw[-1] in "'\"" or raw[0].isdigit() or raw[0] == "." and raw[1:2].isdigit():
        return Token(_value(raw), raw, False)
    free = raw.isidentifier() and raw not in KEPT and not (after and after.raw == ".")
    return Token(raw, raw, free)


@cache
def scan(text: str) -> tuple[tuple[Token, ...], dict[str, list[int]]]:
    """A text's tokens, prose or code, and where each token text occurs."""
    tokens: list[Token] = []
    for m in _TOKEN.finditer(text):
        tokens.append(_token(m.group(), tokens[-1] if tokens else None))
    where: dict[str, list[int]] = {}
    for i, token in enumerate(tokens):
        where.setdefault(token.text, []).append(i)
    return tuple(tokens), where


def _found(pattern: tuple[Part, ...], text: str) -> Iterator[tuple[int, int]]:
    """Where `pattern` occurs in `text`, up to renaming: (first, end) token indices."""
    tokens, where = scan(text)

    def match(k: int, i: int, names: dict[int, str]) -> int | None:
        if k == len(pattern):
            return i
        part = pattern[k]
        if part is SEP:
            if i < len(tokens) and tokens[i].text == ";":
                if (end := match(k + 1, i + 1, names)) is not None:
                    return end
            return match(k + 1, i, names)
        if i == len(tokens):
            return None
        token = tokens[i]
        if isinstance(part, str):
            return match(k + 1, i + 1, names) if token.text == part else None
        if not token.free:
            return None
        if part in names:
            return match(k + 1, i + 1, names) if names[part] == token.text else None
        if token.text in names.values():
            return None
        return match(k + 1, i + 1, {**names, part: token.text})

    # start where the first token as written stands, unless a `;` may come before it
    anchor = next((k for k, part in enumerate(pattern) if part is SEP or isinstance(part, str)), 0)
    if isinstance(first := pattern[anchor], str):
        starts = (i - anchor for i in where.get(first, ()) if i >= anchor)
    else:
        starts = iter(range(len(tokens)))
    for i in starts:
        if (end := match(0, i, {})) is not None:
            yield i, end


# -- the solving fragments ------------------------------------------------------------


def _position(lines: list[str], row: int, offset: int) -> tuple[int, int]:
    """ast's (line, UTF-8 byte offset) as tokenize's (line, character)."""
    return row, len(lines[row - 1].encode()[:offset].decode())


def _span(lines: list[str], node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
    start = _position(lines, node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = _position(lines, node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return start, end


def _option(node: ast.expr) -> bool:
    """One name or literal: an argument that picks, not one that builds."""
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Name | ast.Attribute | ast.Constant)


def _callee(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.Attribute):
        return _callee(node.value)
    if isinstance(node, ast.Subscript):  # x.at[i]
        return isinstance(node.slice, ast.Name) and _callee(node.value)
    return _api_call(node)


def _api_call(node: ast.expr) -> bool:
    """A call on names: it names an API, which renamed is every example of it."""
    return (
        isinstance(node, ast.Call)
        and _callee(node.func)
        and all(isinstance(a, ast.Name) or _api_call(a) for a in node.args)
        and all(isinstance(k.value, ast.Name | ast.Constant) for k in node.keywords)
    )


def _names(node: ast.expr) -> bool:
    if isinstance(node, ast.Tuple):
        return all(isinstance(e, ast.Name) for e in node.elts)
    return isinstance(node, ast.Name)


def _concept(source: str) -> bool:
    """A call on names, alone, returned or assigned to names."""
    try:
        body = ast.parse(textwrap.dedent(source).strip()).body
    except SyntaxError:
        return False
    if len(body) != 1:
        return False
    node = body[0]
    if isinstance(node, ast.Assign) and all(map(_names, node.targets)):
        return _api_call(node.value)
    return (
        isinstance(node, ast.Expr | ast.Return) and node.value is not None and _api_call(node.value)
    )


def _trivial(node: ast.stmt) -> bool:
    """A statement that says nothing of the answer, in a pair: not a simple statement (an
    import, a def, a loop, `pass`), a docstring, or a return of names."""
    if isinstance(node, ast.Return):
        return node.value is None or _names(node.value)
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant)
    return not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)


def _tokens(source: str, tree: ast.Module) -> list[tuple[Token, tuple[int, int], tuple[int, int]]]:
    """The code's tokens where they stand; a name is free where the ast has a variable or
    an argument there, not a library's name, an attribute or a keyword argument's name."""
    lines = source.splitlines()
    imported = {
        alias.asname or alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    chosen = {
        _position(lines, node.lineno, node.col_offset)
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id not in KEPT | imported)
        or (isinstance(node, ast.arg) and node.arg not in KEPT)
    }
    found = []
    for t in tokenize.generate_tokens(io.StringIO(source).readline):
        if t.type in (tokenize.NUMBER, tokenize.STRING):
            found.append((Token(_value(t.string), t.string, False), t.start, t.end))
        elif t.type in (tokenize.NAME, tokenize.OP):
            found.append((Token(t.string, t.string, t.start in chosen), t.start, t.end))
    return found


def _size(run: list[Token | None]) -> int:
    return sum(0 if t is SEP else 1 if t.free else len(t.raw) for t in run)


def _fragments(source: str, calls_only: bool = False) -> Iterator[Fragment]:
    """The solving fragments of one spelling of a solution."""
    tree = ast.parse(source)
    lines = source.splitlines()
    located = _tokens(source, tree)

    def within(node: ast.AST) -> list[Token | None]:
        start, end = _span(lines, node)
        return [t for t, a, b in located if start <= a and b <= end]

    def segment(run: list[Token | None]) -> str:
        first = next(a for t, a, _ in located if t is run[0])
        last = next(b for t, _, b in located if t is run[-1])
        text = "\n".join(lines[first[0] - 1 : last[0]])
        return text[first[1] : len(text) - len(lines[last[0] - 1]) + last[1]]

    runs: list[tuple[list[Token | None], bool]] = []  # (tokens, names an API)
    if not calls_only:
        rows: dict[int, list[tuple[Token, int]]] = {}
        depth = 0
        for token, (row, _), _ in located:
            rows.setdefault(row, []).append((token, depth))
            if token.raw in "([{" or token.raw in ")]}":
                depth += 1 if token.raw in "([{" else -1
        for line in rows.values():
            run = [token for token, _ in line]
            first = run[0].raw
            if first in ("import", "from", "def", "class", "pass", "@"):
                continue
            if first == "return" and all(t.raw.isidentifier() or t.raw == "," for t in run[1:]):
                continue
            value = []  # what the line returns or assigns: a text quoting the line quotes it
            if first == "return":
                value = run[1:]
            elif eq := [i for i, (t, d) in enumerate(line) if t.raw == "=" and d == 0]:
                value = run[eq[0] + 1 :]
            run = value if _size(value) >= MIN_SIZE else run
            runs.append((run, _concept(segment(run))))
        for node in ast.walk(tree):
            for field in ("body", "orelse", "finalbody"):
                body = getattr(node, field, None)
                if isinstance(body, list):
                    for a, b in zip(body, body[1:]):
                        if not _trivial(a) and not _trivial(b):
                            runs.append(([*within(a), SEP, *within(b)], False))
    frame = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.ClassDef)
        for decorator in node.decorator_list
        for inner in ast.walk(decorator)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in frame:
            continue
        runs.append((within(node), _api_call(node)))
        for arg in node.args:
            if not _option(arg):
                runs.append((within(arg), _api_call(arg)))
        for k in node.keywords:
            if not _option(k.value):
                runs.append((within(k), False))
    for run, names_an_api in runs:
        names: dict[str, int] = {}
        pattern = tuple(
            t if t is SEP else names.setdefault(t.text, len(names)) if t.free else t.text
            for t in run
        )
        if _size(run) >= MIN_SIZE and not names_an_api:
            yield Fragment("".join(";" if t is SEP else t.raw for t in run), pattern, _size(run))


def _bound_once(tree: ast.Module) -> dict[str, ast.expr]:
    """Helper names bound once, by `name = value`, with their values."""
    bound: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound[node.id] += 1
        elif isinstance(node, ast.arg):
            bound[node.arg] += 1
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound[node.name] += 1
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
    return {
        node.targets[0].id: node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and bound[node.targets[0].id] == 1
    }


class _Inline(ast.NodeTransformer):
    def __init__(self, values: dict[str, ast.expr]):
        self.values, self.inside = values, set[str]()

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if isinstance(node.ctx, ast.Load) and node.id in self.values:
            if node.id not in self.inside:
                self.inside.add(node.id)
                value = self.visit(copy.deepcopy(self.values[node.id]))
                self.inside.discard(node.id)
                return value
        return node


class _WithoutKeywords(ast.NodeTransformer):
    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        node.keywords = []
        return node


def solving_fragments(solution: str) -> set[Fragment]:
    tree = ast.parse(solution)
    inlined = _Inline(_bound_once(tree)).visit(copy.deepcopy(tree))
    spellings = [
        (solution, False),
        (ast.unparse(inlined), False),
        (ast.unparse(_WithoutKeywords().visit(copy.deepcopy(tree))), True),
        (ast.unparse(_WithoutKeywords().visit(copy.deepcopy(inlined))), True),
    ]
    found: dict[tuple[Part, ...], Fragment] = {}
    for source, calls_only in spellings:
        for fragment in _fragments(source, calls_only):
            found.setdefault(fragment.pattern, fragment)
    return set(found.values())


def solutions(lesson: Lesson) -> list[str]:
    """The solution, and the ladder's last rung when it is code: a solution too, which
    may differ from the file's (a one-line .at[...].add where the file scans)."""
    last = textwrap.dedent(lesson.exercise.hints[-1])
    try:
        ast.parse(last)
    except SyntaxError:
        return [lesson.exercise.solution]
    return [lesson.exercise.solution, last]


# -- the texts a lesson shows -----------------------------------------------------------


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


def examples(explanation: str) -> list[str]:
    """The code of the explanation's ```python blocks."""
    return re.findall(r"^[ \t]*```python[ \t]*\n(.*?)^[ \t]*```[ \t]*$", explanation, re.M | re.S)


def task(lesson: Lesson) -> str:
    """The explanation from its "Your task" heading on: it states the question."""
    _, heading, rest = lesson.explanation.partition(TASK)
    return heading + rest


def texts(lesson: Lesson) -> list[Text]:
    ex = lesson.exercise
    found = [
        Text(f"hint {i} of {len(ex.hints)}", hint, "")
        for i, hint in enumerate(ex.hints[:-1], start=1)
    ]
    found += [
        Text(f"example {i}", code, "")
        for i, code in enumerate(examples(lesson.explanation), start=1)
    ]
    for kind, code_key in (("mutants", "code"), ("mistakes", "example")):
        for entry in ex.config.get(kind) or []:
            for field in ("message", "hint"):
                where = f"{kind[:-1]} {entry['id']}: {field}"
                found.append(Text(where, entry[field], entry[code_key]))
    if message := (ex.config.get("structure") or {}).get("message"):
        found.append(Text("structure: message", message, ""))
    for part in ex.config.get("parts") or []:
        for field in ("name", "off"):
            if words := part.get(field):
                found.append(Text(f"part {part.get('name')!r}: {field}", words, ""))
    for where, words in oracle_texts(ex.oracle):
        found.append(Text(where, words, ""))
    for known in explain.KNOWN:
        for field in ("words", "hint"):
            found.append(Text(f"explain {known.id}: {field}", getattr(known, field), ""))
    return found


def given(fragments: set[Fragment], text: Text, held: str) -> list[tuple[str, Fragment]]:
    """The solving fragments `text` hands over, as it words them: those in its words, up
    to renaming, that neither its code nor `held` (the starter, the task) already holds;
    only the longest, since a call inside a leaked line is the same leak."""
    hits = [
        (i, end, fragment)
        for fragment in fragments
        if next(_found(fragment.pattern, text.code + "\n" + held), None) is None
        for i, end in _found(fragment.pattern, text.words)
    ]
    tokens, _ = scan(text.words)
    said: dict[tuple[int, int], tuple[str, Fragment]] = {}
    for i, end, fragment in sorted(hits, key=lambda hit: (hit[0], -hit[1], hit[2].source)):
        if not any(a <= i and end <= b and (a, b) != (i, end) for a, b, _ in hits):
            said.setdefault((i, end), ("".join(t.raw for t in tokens[i:end]), fragment))
    return list(said.values())


def leaks(lesson: Lesson) -> list[str]:
    fragments = set().union(*map(solving_fragments, solutions(lesson)))
    held = lesson.exercise.starter + "\n" + task(lesson)
    return [
        f"{text.where} gives {said!r} (the solution's {fragment.source!r})"
        for text in texts(lesson)
        for said, fragment in given(fragments, text, held)
    ]


# -- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_text_hands_over_a_solving_line_before_the_last_rung(lesson):
    assert leaks(lesson) == []


def _by_id(lesson_id: str) -> Lesson:
    return next(lesson for lesson in LESSONS if lesson.id == lesson_id)


def test_the_rule_finds_a_solving_line():
    argnums = _by_id("argnums").exercise
    fragments = solving_fragments(argnums.solution)
    sources = {f.source for f in fragments}
    assert "argnums=(1,2)" in sources
    assert "jax.grad(loss,argnums=(1,2))(scale,w,x,y)" in sources
    assert "jnp.sum(" not in sources
    assert not any(s.startswith(("import", "def")) for s in sources)
    said = Text("wrong_argnums: hint", "So you want argnums=(1, 2).", "")
    assert [words for words, _ in given(fragments, said, argnums.starter)] == ["argnums=(1,2)"]
    named = Text("wrong_argnums: hint", "argnums counts positions from 0.", "")
    assert given(fragments, named, argnums.starter) == []
    # a call on names names the API: has_aux's call is the concept; its unpacking is not
    has_aux = {f.source for f in solving_fragments(_by_id("has_aux").exercise.solution)}
    assert "jax.value_and_grad(loss_and_accuracy,has_aux=True)(params,x,y)" not in has_aux
    assert any(s.startswith("(loss,accuracy),grads=") for s in has_aux)
    # the ladder's last rung, where it is code, is a solution too
    assert len(solutions(_by_id("immutable_arrays"))) == 2


def test_a_renamed_solving_line_is_found_and_a_concept_is_not():
    lesson = _by_id("dynamic_shapes")  # count = jnp.sum(mask), mask = x > 0, ...
    fragments = solving_fragments(lesson.exercise.solution)
    held = lesson.exercise.starter + task(lesson)

    def gives(words: str) -> list[str]:
        return [said for said, _ in given(fragments, Text("hint", words, ""), held)]

    # the guarded mean under other names, spaced otherwise, 0.0 written 0.
    assert gives("Then it's jnp.where(n>0, s / jnp.maximum(n, 1), 0.) you want.") == [
        "jnp.where(n>0,s/jnp.maximum(n,1),0.)"
    ]
    # the helper names written out: count is jnp.sum(mask), and mask is x > 0
    assert gives("Divide by jnp.sum(v > 0), the count.") == ["jnp.sum(v>0)"]
    # two statements in a row, on one line
    assert gives("m = v > 0; k = jnp.sum(m)") == ["m=v>0;k=jnp.sum(m)"]
    # a renaming maps names one to one: count and total are not both n, so of this line
    # only its call jnp.maximum(count, 1) is found
    assert gives("jnp.where(n > 0, n / jnp.maximum(n, 1), 0.0)") == ["jnp.maximum(n,1)"]
    # a call on names is the API, a concept: jnp.sum(keep) is not found, the masked sum is
    assert gives("Count with jnp.sum(keep), sum with jnp.where(keep, x, 0.0) and divide.") == [
        "jnp.where(keep,x,0.0)"
    ]
    # texts that name only concepts: an API, its options, words
    assert gives("Count the positive entries with jnp.sum(mask) and guard the 0 / 0.") == []
    assert gives("jnp.nonzero(mask, size=k, fill_value=-1) needs a size under jit.") == []
    assert gives("Divide the masked sum by the count, and where there is none give 0.0.") == []


def test_the_texts_read_are_every_rung_but_the_last_and_every_example():
    lesson = _by_id("control_flow")
    read = [text.where for text in texts(lesson)]
    assert read[:4] == ["hint 1 of 5", "hint 2 of 5", "hint 3 of 5", "hint 4 of 5"]
    assert "hint 5 of 5" not in read
    assert read[4:7] == ["example 1", "example 2", "example 3"]
    assert sum(len(examples(lesson.explanation)) for lesson in LESSONS) >= 60
    assert "Write `final_and_grad(w0, rate)`" in task(lesson)


def test_every_built_in_oracle_is_read():
    assert set(ORACLE_SOURCES) == set(oracles.names()) - {"generic"}
    for name in ORACLE_SOURCES:
        assert len(oracle_texts(name)) >= 8, name
