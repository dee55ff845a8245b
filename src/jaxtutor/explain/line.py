"""The learner's own line, as the entries' `about` readers see it: the innermost
frame of their file parsed, JAX's message cleaned, and the small ways of saying code.

An entry's `about` reads the learner's line and JAX's message, and says what went wrong
in the learner's own names. It returns None whenever the two do not tell one story (a
line it cannot parse, a count that differs from the message's): the entry's fixed words
are then all there is. Nothing it says is guessed; what it names was read from the line
or the message."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    written: str  # the learner's line, stripped
    source: str  # the line as parsed (a compound statement's header given a body)
    tree: ast.Module

    def text(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ast.unparse(node)

    def calls(self, *names: str) -> list[ast.Call]:
        return [
            n for n in ast.walk(self.tree) if isinstance(n, ast.Call) and called_name(n) in names
        ]

    def statement(self) -> ast.stmt | None:
        return self.tree.body[0] if len(self.tree.body) == 1 else None


def own_line(info: dict) -> Line | None:
    """The learner's innermost line as Python, or None when it is not a whole statement
    (the first line of a call written over several)."""
    frames = info.get("frames") or []
    text = frames[-1].get("text", "") if frames else ""
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        return None
    tries = [text]
    if text.endswith(":"):  # if, elif, while: give the header a body
        tries.append(("if" + text[4:] if text.startswith("elif ") else text) + "\n    pass")
    for source in tries:
        try:
            return Line(text, source, ast.parse(source))
        except SyntaxError:
            continue
    return None


def called_name(call: ast.Call) -> str | None:
    """The called function's own name: `grad` for jax.grad(...)."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def jax_message(info: dict) -> str:
    return clean_message(str(info.get("message", "")))


def as_code(text: str) -> str:
    return f"`{text}`"


def count_of(n: int, noun: str, plural: str = "") -> str:
    return f"{n} {noun}" if n == 1 else f"{'no' if n == 0 else n} {plural or noun + 's'}"


def listing(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def keyword_arg(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def argument_node(call: ast.Call, position: int, name: str) -> ast.expr | None:
    """A call's argument given at `position` or by keyword `name`."""
    if any(isinstance(a, ast.Starred) for a in call.args[: position + 1]):
        return None
    return call.args[position] if position < len(call.args) else keyword_arg(call, name)


def function_name(node: ast.expr | None, line: Line) -> str:
    """How to name a function passed on the line: its name, or what it is."""
    if isinstance(node, ast.Lambda):
        return "(a lambda on your line)"
    if isinstance(node, (ast.Name, ast.Attribute)):
        return as_code(line.text(node))
    return ""


# JAX's note on where a traced value came from (jax/_src/interpreters/partial_eval.py)
_TRACING = re.compile(r"while tracing the function (?P<fn>\S+) at .+? for (?P<by>\w+)\.")
_DEPENDS = re.compile(r"depends on the values? of the arguments? (?P<names>.+?)\.(?:\n|$)")
TRACED_SHAPE = re.compile(r"traced array with shape (?P<shape>\S+?)\.?(?:\n|$)")


def traced_origin(message: str) -> str:
    """': it depends on the argument `w` of `f`, which jit is tracing', as far as JAX's
    message tells; '' when it does not say."""
    tracing = _TRACING.search(message)
    if tracing is None:
        return ""
    fn = tracing["fn"]
    fn = "a lambda" if fn == "<lambda>" else as_code(fn)
    depends = _DEPENDS.search(message)
    names = re.split(r",? and |, ", depends["names"]) if depends else []
    if names and "unknown" not in names:
        which = "argument" if len(names) == 1 else "arguments"
        return (
            f": it depends on the {which} {listing([as_code(n) for n in names])} of {fn}, "
            f"which {tracing['by']} is tracing"
        )
    return f": {tracing['by']} is tracing {fn}"


_JAX_FOOTER = re.compile(r"\n-{10,}.*", re.S)  # JAX's note on traceback filtering


def clean_message(message: str) -> str:
    return _JAX_FOOTER.sub("", message).strip()
