"""The learner's line told for scan, fori_loop and while_loop carries, and for
lax.cond and lax.switch branches of other types."""

from __future__ import annotations

import ast
import re

from jaxtutor.explain.line import (
    Line,
    argument_node,
    as_code,
    count_of,
    function_name,
    jax_message,
    own_line,
)

# -- scan, fori_loop and while_loop carries --------------------------------------------

_CARRY_LOOP = re.compile(r"(scan|while_loop) body function carry input and carry output")
_CARRY_PART = r"the input carry(?: component| at path)?(?: (?P<path>\S+))?"
_CARRY_TYPES = re.compile(
    _CARRY_PART + r" has type (?P<had>\S+) but the corresponding output carry component has "
    r"type (?P<got>\S+?)(?:, so (?P<why>[^;\n]+?))?[;.]?\s*$",
    re.I | re.M,
)
_CARRY_THINGS = re.compile(
    _CARRY_PART + r" is an? (?P<had>.+?) but the corresponding component of the carry output "
    r"is an? (?P<got>.+?), so (?P<why>[^;\n]+?)[;.]?\s*$",
    re.I | re.M,
)
_CARRY_TREES = re.compile(
    r"the input tree structure is:\n(?P<had>.+)\nthe output tree structure is:\n(?P<got>.+)"
)
_CLASSES = {
    "ShapedArray": "an array",
    "NoneType": "None",
    "tuple": "a tuple",
    "list": "a list",
    "dict": "a dict",
}


def _thing(said: str) -> str:
    """JAX's name for a part of a pytree, in words: `<class 'tuple'>` is a tuple."""
    said = said.strip()
    if said == "pytree leaf":
        return "an array"
    if m := re.fullmatch(r"(tuple|list) of length (\d+)", said):
        return f"a {m[1]} of {count_of(int(m[2]), 'element')}"
    if m := re.fullmatch(r"<class '(?:[\w.]+\.)?(\w+)'>(?: with (\d+) child(?:ren)?)?", said):
        kind = _CLASSES.get(m[1], f"a {m[1]}")
        return f"{kind} of {count_of(int(m[2]), 'entry', 'entries')}" if m[2] else kind
    if m := re.fullmatch(r"PyTreeDef\((.*)\)", said):
        inner = m[1]
        if inner == "*":
            return "an array"
        if inner == "None":
            return "None"
        if m := re.fullmatch(r"\((\*(?:, \*)*),?\)", inner):
            return f"a tuple of {count_of(m[1].count('*'), 'array')}"
        if m := re.fullmatch(r"\[(\*(?:, \*)*)\]", inner):
            return f"a list of {count_of(m[1].count('*'), 'array')}"
        return f"the structure JAX writes {said}"
    return f"a {said}"


def _carry_differences(message: str) -> list[tuple[str, str, str, str]]:
    """(path, what came in, what went out, why they differ) for each difference JAX lists:
    types as JAX writes them (float32[2]), structures in words."""
    if "must have equal types" in message:
        return [
            (m["path"] or "", m["had"], m["got"], m["why"] or "")
            for m in _CARRY_TYPES.finditer(message)
        ]
    if trees := _CARRY_TREES.search(message):
        return [("", _thing(trees["had"]), _thing(trees["got"]), "")]
    return [
        (m["path"] or "", _thing(m["had"]), _thing(m["got"]), m["why"])
        for m in _CARRY_THINGS.finditer(message)
    ]


# where each loop takes its body and its first carry: (position, keyword)
_LOOPS = {
    "scan": ((0, "f"), (1, "init")),
    "fori_loop": ((2, "body_fun"), (3, "init_val")),
    "while_loop": ((1, "body_fun"), (2, "init_val")),
}


def about_carry(info: dict) -> str | None:
    message = jax_message(info)
    loop = _CARRY_LOOP.search(message)
    differences = _carry_differences(message)
    if loop is None or not differences:
        return None
    line = own_line(info)
    # fori_loop runs as a scan whose carry is JAX's own (i, carry), named loop_carry
    kind = loop[1]
    if all(p.startswith("loop_carry[1]") for p, *_ in differences):
        kind = "fori_loop"
    elif kind == "scan" and line and line.calls("fori_loop") and not line.calls("scan"):
        return None  # a fori_loop's carry as JAX sees it: (i, carry), not the learner's
    calls = line.calls(kind) if line else []
    body = init = None
    if line and len(calls) == 1:
        (at, name), (init_at, init_name) = _LOOPS[kind]
        body, init = argument_node(calls[0], at, name), argument_node(calls[0], init_at, init_name)
    step = "step" if kind == "scan" else "body"
    named = function_name(body, line) if line else ""
    who = f"Your {kind} {step}" + (f" {named}" if named else "")
    carry_name = None
    if kind == "fori_loop" and isinstance(body, ast.Lambda) and len(body.args.args) == 2:
        carry_name = body.args.args[1].arg  # the lambda's own name for the carry
    new = "the new carry it returns" + (
        " (the first element of its pair)" if kind == "scan" else ""
    )

    def part(path: str) -> tuple[str, bool]:
        """The carry's part in the learner's names, and whether it is the whole carry."""
        if kind == "fori_loop":
            sub = path[len("loop_carry[1]") :]
            if carry_name:
                return (as_code(carry_name + sub), not sub) if sub else (as_code(carry_name), True)
            return (f"the carry's part {as_code(sub)}", False) if sub else ("the carry", True)
        m = re.match(r"(\w+)(.*)", path)
        if not path or m is None:
            return (f"the carry's part {as_code(path)}", False) if path else ("the carry", True)
        return as_code(path), not m[2]

    if len(differences) == 1:
        path, had, got, why = differences[0]
        what, whole = part(path)
        why = f": {why}" if why else ""
        if whole:
            said = f"{who} receives {what} as {had}, but {new} is {got}{why}."
        else:
            said = f"{who} receives {what} as {had}, but in {new} that part is {got}{why}."
        if kind == "scan" and whole and got == "None":
            said += (
                " None belongs in the second place, the output, when the step collects "
                "nothing; the carry comes first."
            )
    else:
        parts = [f"{part(p)[0]} comes in as {h} and goes out as {g}" for p, h, g, _ in differences]
        said = f"{who} returns a carry unlike the one it receives: {'; '.join(parts)}."
    if line and init is not None and len(line.text(init)) <= 40:
        said += f" Your line starts it from {as_code(line.text(init))}."
    return said


# -- lax.cond and lax.switch branches ----------------------------------------------------

_BRANCH_TYPES = re.compile(
    r"the output of (?P<one>true_fun|branch ?\d+)(?: at path (?P<path>\S+))? has type (?P<had>\S+) "
    r"but the corresponding output of (?P<other>false_fun|branch ?\d+) has type (?P<got>\S+?)"
    r"(?:, so (?P<why>[^;\n]+?))?[;.]?\s*$",
    re.I | re.M,
)
_BRANCH_THINGS = re.compile(
    r"(?P<one>true_fun|branch ?\d+) output(?: at path (?P<path>\S+))? is an? (?P<had>.+?) but "
    r"(?P<other>false_fun|branch ?\d+) output(?: at path \S+)? is an? (?P<got>.+?), "
    r"so (?P<why>[^;\n]+?)[;.]?\s*$",
    re.M,
)


def _branch_nodes(line: Line | None, api: str) -> dict[str, ast.expr]:
    """JAX's names for the branches (true_fun, branch 0) and the learner's on the line."""
    calls = line.calls(api) if line else []
    if len(calls) != 1:
        return {}
    call = calls[0]
    if api == "cond":
        found = {
            "true_fun": argument_node(call, 1, "true_fun"),
            "false_fun": argument_node(call, 2, "false_fun"),
        }
        return {k: v for k, v in found.items() if v is not None}
    branches = argument_node(call, 1, "branches")
    if isinstance(branches, (ast.List, ast.Tuple)):
        return {f"branch {i}": b for i, b in enumerate(branches.elts)}
    return {}


def about_branches(info: dict) -> str | None:
    message = jax_message(info)
    api = re.match(r"(cond|switch) branch", message)
    if api is None:
        return None
    pattern = _BRANCH_TYPES if "equal output types" in message else _BRANCH_THINGS
    found = list(pattern.finditer(message))
    if not found:
        return None
    line = own_line(info)
    nodes = _branch_nodes(line, api[1])

    def branch(said: str) -> str:
        key = re.sub(r"branch ?(\d+)", r"branch \1", said)  # JAX writes `branch1` too
        which = {"true_fun": "the true branch", "false_fun": "the false branch"}.get(key, key)
        node = nodes.get(key)
        named = function_name(node, line) if node is not None and line else ""
        return f"{which} {named}" if named and not named.startswith("(") else which

    structure = pattern is _BRANCH_THINGS
    said = []
    for m in found:
        where = f" at {as_code(m['path'])} of its result" if m["path"] else ""
        had = _thing(m["had"]) if structure else m["had"]
        got = _thing(m["got"]) if structure else m["got"]
        said.append(
            f"{branch(m['one'])} returns {had}{where}, where {branch(m['other'])} returns {got}"
            + (f" ({m['why']})" if m["why"] else "")
        )
    return f"On your lax.{api[1]}, {'; '.join(said)}."
