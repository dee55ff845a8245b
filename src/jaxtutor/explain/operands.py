"""The learner's line told for dtypes, operands and trees: lax's same-dtype rule,
strict promotion, 64-bit off, arguments vmap shares, a Python list in arithmetic, jvp's
tuples, a leaked tracer, trees built differently, a missing vmap axis, a shape indexed
past its end."""

from __future__ import annotations

import ast
import re

from jaxtutor.explain.line import (
    Line,
    as_code,
    called_name,
    jax_message,
    keyword_arg,
    listing,
    own_line,
)

# -- dtypes -----------------------------------------------------------------------------

_LAX_DTYPES = re.compile(
    r"lax\.(?P<op>\w+) requires arguments to have the same dtypes, got (?P<dtypes>\w+(?:, \w+)*)"
)


def about_lax_dtypes(info: dict) -> str | None:
    m = _LAX_DTYPES.search(jax_message(info))
    if m is None:
        return None
    dtypes = m["dtypes"].split(", ")
    line = own_line(info)
    calls = [
        c
        for c in (line.calls(m["op"]) if line else [])
        if len(c.args) == len(dtypes)
        and not c.keywords
        and not any(isinstance(a, ast.Starred) for a in c.args)
    ]
    if line and len(calls) == 1:
        given = [f"{as_code(line.text(a))} ({d})" for a, d in zip(calls[0].args, dtypes)]
        return f"On your line lax.{m['op']} gets {listing(given)}."
    return f"lax.{m['op']} got arguments of dtypes {listing(dtypes)}."


_STRICT = re.compile(r"Input dtypes \((?P<dtypes>.+?)\) have no available implicit dtype promotion")


def about_strict(info: dict) -> str | None:
    m = _STRICT.search(jax_message(info))
    if m is None:
        return None
    said = [a or b for a, b in re.findall(r"\"([^\"]*)\"|'([^']*)'", m["dtypes"])]
    # JAX lists them in no fixed order (a set): sorted, so the sentence is always the same
    dtypes = sorted(
        f"a Python {p[1]}" if (p := re.fullmatch(r"<class '(\w+)'>", d)) else d for d in said
    )
    if len(dtypes) < 2:
        return None
    line = own_line(info)
    nodes = list(ast.walk(line.tree)) if line else []
    ops = [n for n in nodes if isinstance(n, ast.BinOp)]
    # the operator is the one that failed only when nothing else on the line computes
    alone = line and len(ops) == 1 and not any(isinstance(n, ast.Call) for n in nodes)
    what = as_code(line.text(ops[0])) if line and alone else "Your line"
    return f"{what} mixes {listing(dtypes)}."


_X64 = re.compile(
    r"Explicitly requested dtype (?P<want>\w+) requested in (?P<fn>\w+) is not available, "
    r"and will be truncated to dtype (?P<got>\w+)"
)


def about_x64(info: dict) -> str | None:
    m = _X64.search(jax_message(info))
    if m is None:
        return None
    line = own_line(info)
    calls = line.calls(m["fn"]) if line else []
    asked = ""
    if line and len(calls) == 1:
        call = calls[0]
        node = keyword_arg(call, "dtype")
        if node is None and m["fn"] == "astype" and call.args:
            node = call.args[0]
        asked = f" ({as_code(line.text(node))})" if node is not None else ""
    said = (
        f"Your line asks {as_code(m['fn'])} for {m['want']}{asked}, but jax_enable_x64 is off, so JAX "
        f"gives {m['got']} instead"
    )
    if str(info.get("type", "")).endswith("Warning"):
        said += ", and the warning it gives about that was raised as an error here"
    return said + "."


def _vmap_calls(line: Line | None) -> list[tuple[ast.Call, ast.Call]]:
    """Each jax.vmap(f, ...)(args) on the line: (the vmap call, the call of what it made)."""
    if line is None:
        return []
    return [
        (n.func, n)
        for n in ast.walk(line.tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Call)
        and called_name(n.func) == "vmap"
    ]


def shared_by_none(info: dict) -> list[str]:
    """The arguments a vmap of a gradient on the learner's line gives in_axes None, other
    than those the gradient is taken of (the weights, shared by right)."""
    line = own_line(info)
    for vmap, call in _vmap_calls(line):
        mapped = vmap.args[0] if vmap.args else None
        axes = keyword_arg(vmap, "in_axes") or (vmap.args[1] if len(vmap.args) > 1 else None)
        if not (isinstance(mapped, ast.Call) and called_name(mapped) in ("grad", "value_and_grad")):
            continue
        if not isinstance(axes, ast.Tuple) or len(axes.elts) != len(call.args):
            continue
        argnums = keyword_arg(mapped, "argnums")
        try:
            wrt = ast.literal_eval(argnums) if argnums is not None else 0
        except ValueError:
            continue
        wrt = set(wrt) if isinstance(wrt, tuple) else {wrt}
        return [
            line.text(arg)  # type: ignore[union-attr]
            for k, (axis, arg) in enumerate(zip(axes.elts, call.args))
            if isinstance(axis, ast.Constant) and axis.value is None and k not in wrt
        ]
    return []


def about_shared(info: dict) -> str | None:
    names = shared_by_none(info)
    shape = re.search(r"Output had shape: (\([^)]*\))", jax_message(info))
    if not names or not shape:
        return None
    return (
        f"Your in_axes gives None to {listing([as_code(n) for n in names])}, which the "
        "gradient is not taken of, so each call of the gradient sees all of it, and the "
        f"one-example loss it differentiates came out with shape {shape[1]}, not ()."
    )


_LIST_OPERAND = re.compile(
    r"unsupported operand type\(s\) for (?P<op>\S+): '(?P<left>\w+)' and '(?P<right>\w+)'"
)


def about_list_operand(info: dict) -> str | None:
    """Which operand of the learner's line is the Python list, where the line has one
    such operation and the list is a name or a literal of its own."""
    found = _LIST_OPERAND.search(jax_message(info))
    line = own_line(info)
    if found is None or line is None:
        return None
    ops = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult, "/": ast.Div, "@": ast.MatMult}
    kind = ops.get(found["op"])
    side = "left" if found["left"] == "list" else "right"
    nodes = [
        n
        for n in ast.walk(line.tree)
        if kind is not None and isinstance(n, ast.BinOp) and isinstance(n.op, kind)
    ]
    if len(nodes) != 1:
        return None
    operand = nodes[0].left if side == "left" else nodes[0].right
    return (
        f"Here {as_code(line.text(operand))} is a Python {found[side]}, the {side} operand of "
        f"{found['op']} in {as_code(line.written)}."
    )


def about_jvp_tuples(info: dict) -> str | None:
    line = own_line(info)
    calls = line.calls("jvp") if line else []
    if line is None or len(calls) != 1 or len(calls[0].args) != 3:
        return None
    fn, primals, tangents = (line.text(a) for a in calls[0].args)
    return (
        f"Here {as_code(line.text(calls[0]))} passes {as_code(primals)} and {as_code(tangents)} "
        f"bare: jax.jvp takes a tuple of primals and a tuple of tangents, one entry per "
        f"argument of {as_code(fn)}."
    )


_LEAKED = re.compile(
    r"The function being traced when the value leaked was (?P<fn>\S+) at \S+ traced for "
    r"(?P<by>\w+)\."
)


def about_leaked(info: dict) -> str | None:
    found = _LEAKED.search(jax_message(info))
    line = own_line(info)
    if found is None or line is None:
        return None
    return (
        f"Here a value made in {as_code(found['fn'])} while {found['by']} traced it is used "
        f"after that trace, in {as_code(line.written)}."
    )


_TREE_TYPES = re.compile(
    r"tree_map tree has a subtree of type\s+<class '(?P<first>\w+)'>.*?full pytree has a "
    r"subtree of different type\s+<class '(?P<other>\w+)'>",
    re.S,
)


def about_tree_map(info: dict) -> str | None:
    """Which trees of the learner's jax.tree.map differ, and how, read from the line
    and JAX's message (the types at the top of the trees only)."""
    found = _TREE_TYPES.search(jax_message(info))
    line = own_line(info)
    calls = line.calls("map", "tree_map") if line else []
    if found is None or line is None or len(calls) != 1 or len(calls[0].args) != 3:
        return None
    if "at key path\n    tree_map tree\n" not in jax_message(info):
        return None  # deeper in the trees: the line alone cannot say where
    first, other = (line.text(a) for a in calls[0].args[1:])
    return (
        f"Here {as_code(first)} is a {found['first']} and {as_code(other)} a {found['other']}, "
        "where jax.tree.map needs trees built alike."
    )


_AXIS_MISSING = re.compile(
    r"map its argument along axis (?P<axis>-?\d+), which implies that its rank should be at "
    r"least \d+, but is only \d+ \(its shape is (?P<shape>\([^)]*\))\)"
)


def about_axis_missing(info: dict) -> str | None:
    m = _AXIS_MISSING.search(jax_message(info))
    line = own_line(info)
    for vmap, call in _vmap_calls(line):
        axes = keyword_arg(vmap, "in_axes") or (vmap.args[1] if len(vmap.args) > 1 else None)
        if m and isinstance(axes, ast.Constant) and isinstance(axes.value, int):
            if len(call.args) < 2 or axes.value != int(m["axis"]):
                return None
            names = listing([as_code(line.text(a)) for a in call.args])  # type: ignore[union-attr]
            return (
                f"Your in_axes={axes.value} is one number, so vmap maps every argument along "
                f"axis {axes.value}, {names} alike, and an argument of shape {m['shape']} "
                f"has no axis {axes.value}."
            )
    return None


# -- shapes -----------------------------------------------------------------------------


def _shape_subscripts(info: dict) -> tuple[Line, list[ast.Subscript]] | None:
    """The learner's line and its indexes of an array's `.shape` (`x.shape[1]`), where
    every subscript on it is of a shape and one is an index (a slice never raises): then
    the tuple indexed past its end is one of those shapes."""
    line = own_line(info)
    if line is None:
        return None
    subscripts = [n for n in ast.walk(line.tree) if isinstance(n, ast.Subscript)]
    if not all(isinstance(n.value, ast.Attribute) and n.value.attr == "shape" for n in subscripts):
        return None
    indexes = [n for n in subscripts if not isinstance(n.slice, ast.Slice)]
    return (line, indexes) if indexes else None


def only_shapes_indexed(info: dict) -> bool:
    return _shape_subscripts(info) is not None


def about_shape_index(info: dict) -> str | None:
    found = _shape_subscripts(info)
    if found is None:
        return None
    line, indexes = found
    named = " or ".join(as_code(line.text(n)) for n in indexes)
    return f"Here {named} asks for an axis its array lacks."
