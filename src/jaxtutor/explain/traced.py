"""The learner's line told where a traced value is used as Python needs a concrete
one: a bool, an index, a size in a shape."""

from __future__ import annotations

import ast
import re

from jaxtutor.explain.line import (
    TRACED_SHAPE,
    Line,
    as_code,
    called_name,
    jax_message,
    listing,
    own_line,
    traced_origin,
)

# -- a traced value where Python needs a concrete one --------------------------------------


_AROSE = re.compile(r"It arose in the (?P<fn>[\w.]+) argument '(?P<arg>\w+)'")


def about_traced(info: dict) -> str | None:
    """Which value was traced and where it came from, as JAX's message tells."""
    message = jax_message(info)
    origin = traced_origin(message)
    shape = TRACED_SHAPE.search(message)
    held = f" ({shape[1]})" if shape else ""
    arose = _AROSE.search(message)
    if arose:
        line = own_line(info)
        fn = arose["fn"].split(".")[-1]
        calls = line.calls(fn) if line else []
        one = calls[0] if len(calls) == 1 else None
        subject = f"{arose['fn']}'s argument {arose['arg']}"
        if line and one and len(one.args) == 1 and not one.keywords:
            subject = f"{as_code(line.text(one.args[0]))} ({subject})"
        return f"Here {subject} is a traced array{held}, not a number known while tracing{origin}."
    if not origin:
        return None
    line = own_line(info)
    ranges = line.calls("range") if line and "__index__" in message else []
    if line and len(ranges) == 1 and len(ranges[0].args) == 1 and not ranges[0].keywords:
        value = as_code(line.text(ranges[0].args[0]))
        return f"Here {value}, given to range(), is a traced array{held}{origin}."
    return f"Here that value is a traced array{held}{origin}."


def about_waited(info: dict) -> str | None:
    """Which call waited on a traced array, read from the learner's line."""
    message = jax_message(info)
    method = re.search(r"The '(\w+)' method", message)
    line = own_line(info)
    if line is None or method is None:
        return None
    waited = [
        n.func.value
        for n in ast.walk(line.tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == method[1]
    ]
    if len(waited) != 1:
        return None
    shape = TRACED_SHAPE.search(message)
    held = f" ({shape[1]})" if shape else ""
    return f"Here {as_code(line.text(waited[0]))} is a traced array{held}{traced_origin(message)}."


def about_registered(info: dict) -> str | None:
    found = re.search(r"nodetype=<class '(?:[\w.]*\.)?(?P<name>\w+)'>", jax_message(info))
    return (
        f"Here {as_code(found['name'])} was not a dataclass when it was registered."
        if found
        else None
    )


def about_tracer_bool(info: dict) -> str | None:
    message = jax_message(info)
    origin = traced_origin(message)
    shape = TRACED_SHAPE.search(message)
    held = f" ({shape[1]})" if shape else ""
    line = own_line(info)
    statement = line.statement() if line else None
    test, kind = None, ""
    keyword = re.match(r"(elif|if|while|assert)\b", line.written) if line else None
    if line and keyword and isinstance(statement, (ast.If, ast.While, ast.Assert)):
        test, kind = statement.test, keyword[1]
    elif line:
        found = [n for n in ast.walk(line.tree) if isinstance(n, ast.IfExp)]
        if len(found) == 1:
            test, kind = found[0].test, "if ... else"
    if test is not None and line is not None and len(line.text(test)) <= 60:
        return (
            f"Your {as_code(kind)} needs True or False of {as_code(line.text(test))}, but that is "
            f"a traced array{held} with no value yet{origin}."
        )
    if origin:
        return f"The value Python needed True or False of is a traced array{held}{origin}."
    return None


_SHAPE_GOT = re.compile(
    r"Shapes must be 1D sequences of concrete values of integer type, got \((?P<got>.*)\)\."
)
_TRACER = re.compile(r"^\w*Tracer\(~?(?P<type>[^)]*)\)$")
_SHAPE_TAKERS = ("zeros", "ones", "empty", "full", "reshape", "broadcast_to", "normal", "uniform")


def _entries(text: str) -> list[str]:
    """The entries of a tuple as JAX printed it: commas inside brackets stay."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([{") - (ch in ")]}")
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def literal_value(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        return None


def _shape_names(line: Line, entries: list[str], traced: list[int]) -> set[tuple[str, ...]]:
    """The learner's names for the traced entries of the shape, for each shape on the
    line that could be the message's: as many entries, the same numbers where it has one."""
    found = set()
    for call in line.calls(*_SHAPE_TAKERS):
        groups = [[a] for a in call.args] + [[k.value] for k in call.keywords]
        groups += [
            list(a.elts)
            for a in call.args + [k.value for k in call.keywords]
            if isinstance(a, (ast.Tuple, ast.List))
        ]
        if called_name(call) == "reshape" and isinstance(call.func, ast.Attribute):
            groups.append(list(call.args))  # x.reshape(n, -1)
        for group in groups:
            if len(group) != len(entries) or any(isinstance(g, ast.Starred) for g in group):
                continue
            values = [literal_value(g) for g in group]
            if all(
                (v is None) if i in traced else (v is None or str(v) == entries[i])
                for i, v in enumerate(values)
            ):
                found.add(tuple(line.text(group[i]) for i in traced))
    return found


def about_shape(info: dict) -> str | None:
    message = jax_message(info)
    got = _SHAPE_GOT.search(message)
    if got is None:
        return None
    entries = _entries(got["got"])
    matched = [(i, _TRACER.match(e)) for i, e in enumerate(entries)]
    types = [m["type"] for _, m in matched if m]
    traced = [i for i, m in matched if m]
    if not traced:
        return None
    origin = traced_origin(message)
    line = own_line(info)
    found = _shape_names(line, entries, traced) if line else set()
    if len(found) == 1:
        names = next(iter(found))
        held = listing([f"{as_code(n)} ({t})" for n, t in zip(names, types)])
        be = "is a traced array" if len(names) == 1 else "are traced arrays"
        return f"In the shape on your line, {held} {be} here, not a Python int{origin}."
    where = listing([f"entry {i}" for i in traced])
    be = "is a traced array" if len(traced) == 1 else "are traced arrays"
    return f"The shape's {where} ({listing(types)}) {be} here, not a Python int{origin}."
