"""JAX's own error messages, explained in the learner's terms.

The child reports an exception as plain data: its type, message and the frames of
the learner's own file (the runner's and JAX's frames are already gone). Here it
becomes a short explanation that points at the learner's line.

Each pattern is written against the pinned JAX's real message: tests/test_explain.py
raises every catalogued error with that JAX and checks its entry matches it.

Where it can, an entry first says what happened in the learner's own names: its `about`
reads the learner's line and JAX's message (the shapes, counts and names JAX reports)
and returns a sentence, or None when they do not tell one story; the entry's fixed
words follow either way (tests/test_explain_own_line.py runs each with real JAX).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    id: str
    pattern: str  # searched in "Type: message"
    words: str
    hint: str = ""  # what to do next about this error, in place of the lesson's ladder
    # a sentence about the learner's own line, before the words; None: the words alone
    about: Callable[[dict], str | None] | None = None
    # whether the entry fits beyond its pattern (read from the learner's line): a narrower
    # cause of a message a broader entry also matches; None: the pattern alone decides
    when: Callable[[dict], bool] | None = None


# -- the learner's own line -----------------------------------------------------------
#
# An entry's `about` reads the learner's line (the innermost frame of their file) and
# JAX's message, and says what went wrong in the learner's own names. It returns None
# whenever the two do not tell one story (a line it cannot parse, a count that differs
# from the message's): the entry's fixed words are then all there is. Nothing it says is
# guessed; what it names was read from the line or the message.


@dataclass(frozen=True)
class _Line:
    written: str  # the learner's line, stripped
    source: str  # the line as parsed (a compound statement's header given a body)
    tree: ast.Module

    def text(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ast.unparse(node)

    def calls(self, *names: str) -> list[ast.Call]:
        return [n for n in ast.walk(self.tree) if isinstance(n, ast.Call) and _called(n) in names]

    def statement(self) -> ast.stmt | None:
        return self.tree.body[0] if len(self.tree.body) == 1 else None


def _own_line(info: dict) -> _Line | None:
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
            return _Line(text, source, ast.parse(source))
        except SyntaxError:
            continue
    return None


def _called(call: ast.Call) -> str | None:
    """The called function's own name: `grad` for jax.grad(...)."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _message(info: dict) -> str:
    return clean_message(str(info.get("message", "")))


def _code(text: str) -> str:
    return f"`{text}`"


def _count(n: int, noun: str, plural: str = "") -> str:
    return f"{n} {noun}" if n == 1 else f"{'no' if n == 0 else n} {plural or noun + 's'}"


def _listing(items: list[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _argument(call: ast.Call, position: int, name: str) -> ast.expr | None:
    """A call's argument given at `position` or by keyword `name`."""
    if any(isinstance(a, ast.Starred) for a in call.args[: position + 1]):
        return None
    return call.args[position] if position < len(call.args) else _keyword(call, name)


def _function_name(node: ast.expr | None, line: _Line) -> str:
    """How to name a function passed on the line: its name, or what it is."""
    if isinstance(node, ast.Lambda):
        return "(a lambda on your line)"
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _code(line.text(node))
    return ""


# JAX's note on where a traced value came from (jax/_src/interpreters/partial_eval.py)
_TRACING = re.compile(r"while tracing the function (?P<fn>\S+) at .+? for (?P<by>\w+)\.")
_DEPENDS = re.compile(r"depends on the values? of the arguments? (?P<names>.+?)\.(?:\n|$)")
_TRACED_SHAPE = re.compile(r"traced array with shape (?P<shape>\S+?)\.?(?:\n|$)")


def _origin(message: str) -> str:
    """': it depends on the argument `w` of `f`, which jit is tracing', as far as JAX's
    message tells; '' when it does not say."""
    tracing = _TRACING.search(message)
    if tracing is None:
        return ""
    fn = tracing["fn"]
    fn = "a lambda" if fn == "<lambda>" else _code(fn)
    depends = _DEPENDS.search(message)
    names = re.split(r",? and |, ", depends["names"]) if depends else []
    if names and "unknown" not in names:
        which = "argument" if len(names) == 1 else "arguments"
        return (
            f": it depends on the {which} {_listing([_code(n) for n in names])} of {fn}, "
            f"which {tracing['by']} is tracing"
        )
    return f": {tracing['by']} is tracing {fn}"


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
        return f"a {m[1]} of {_count(int(m[2]), 'element')}"
    if m := re.fullmatch(r"<class '(?:[\w.]+\.)?(\w+)'>(?: with (\d+) child(?:ren)?)?", said):
        kind = _CLASSES.get(m[1], f"a {m[1]}")
        return f"{kind} of {_count(int(m[2]), 'entry', 'entries')}" if m[2] else kind
    if m := re.fullmatch(r"PyTreeDef\((.*)\)", said):
        inner = m[1]
        if inner == "*":
            return "an array"
        if inner == "None":
            return "None"
        if m := re.fullmatch(r"\((\*(?:, \*)*),?\)", inner):
            return f"a tuple of {_count(m[1].count('*'), 'array')}"
        if m := re.fullmatch(r"\[(\*(?:, \*)*)\]", inner):
            return f"a list of {_count(m[1].count('*'), 'array')}"
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


def _about_carry(info: dict) -> str | None:
    message = _message(info)
    loop = _CARRY_LOOP.search(message)
    differences = _carry_differences(message)
    if loop is None or not differences:
        return None
    line = _own_line(info)
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
        body, init = _argument(calls[0], at, name), _argument(calls[0], init_at, init_name)
    step = "step" if kind == "scan" else "body"
    named = _function_name(body, line) if line else ""
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
                return (_code(carry_name + sub), not sub) if sub else (_code(carry_name), True)
            return (f"the carry's part {_code(sub)}", False) if sub else ("the carry", True)
        m = re.match(r"(\w+)(.*)", path)
        if not path or m is None:
            return (f"the carry's part {_code(path)}", False) if path else ("the carry", True)
        return _code(path), not m[2]

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
        said += f" Your line starts it from {_code(line.text(init))}."
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


def _branch_nodes(line: _Line | None, api: str) -> dict[str, ast.expr]:
    """JAX's names for the branches (true_fun, branch 0) and the learner's on the line."""
    calls = line.calls(api) if line else []
    if len(calls) != 1:
        return {}
    call = calls[0]
    if api == "cond":
        found = {
            "true_fun": _argument(call, 1, "true_fun"),
            "false_fun": _argument(call, 2, "false_fun"),
        }
        return {k: v for k, v in found.items() if v is not None}
    branches = _argument(call, 1, "branches")
    if isinstance(branches, (ast.List, ast.Tuple)):
        return {f"branch {i}": b for i, b in enumerate(branches.elts)}
    return {}


def _about_branches(info: dict) -> str | None:
    message = _message(info)
    api = re.match(r"(cond|switch) branch", message)
    if api is None:
        return None
    pattern = _BRANCH_TYPES if "equal output types" in message else _BRANCH_THINGS
    found = list(pattern.finditer(message))
    if not found:
        return None
    line = _own_line(info)
    nodes = _branch_nodes(line, api[1])

    def branch(said: str) -> str:
        key = re.sub(r"branch ?(\d+)", r"branch \1", said)  # JAX writes `branch1` too
        which = {"true_fun": "the true branch", "false_fun": "the false branch"}.get(key, key)
        node = nodes.get(key)
        named = _function_name(node, line) if node is not None and line else ""
        return f"{which} {named}" if named and not named.startswith("(") else which

    structure = pattern is _BRANCH_THINGS
    said = []
    for m in found:
        where = f" at {_code(m['path'])} of its result" if m["path"] else ""
        had = _thing(m["had"]) if structure else m["had"]
        got = _thing(m["got"]) if structure else m["got"]
        said.append(
            f"{branch(m['one'])} returns {had}{where}, where {branch(m['other'])} returns {got}"
            + (f" ({m['why']})" if m["why"] else "")
        )
    return f"On your lax.{api[1]}, {'; '.join(said)}."


# -- how many arguments a function passed to lax gets ------------------------------------

_TAKES = re.compile(
    r"^(?P<fn>[\w.<>]+)\(\) takes (?P<takes>\d+|no) positional arguments? "
    r"but (?P<given>\d+) (?:was|were) given"
)
_MISSING = re.compile(
    r"^(?P<fn>[\w.<>]+)\(\) missing (?P<count>\d+) required positional arguments?: (?P<names>.+)$"
)


@dataclass(frozen=True)
class _Role:
    api: str  # cond, switch, while_loop, fori_loop, scan, tree.map
    words: str  # "the true branch"
    node: ast.expr  # the function as the line passes it
    given: int  # how many arguments lax calls it with
    operands: list[ast.expr]  # cond and switch: the operands on the line


def _roles(line: _Line) -> list[_Role]:
    """Each function the line passes to a lax construct, and what lax calls it with."""
    roles = []
    for call in line.calls("cond", "switch", "while_loop", "fori_loop", "scan", "map", "tree_map"):
        if any(isinstance(a, ast.Starred) for a in call.args):
            continue
        api, args = _called(call), call.args
        if api in ("map", "tree_map"):  # jax.tree.map, jax.tree_util.tree_map: not lax.map
            tree = api == "tree_map" or (
                isinstance(call.func, ast.Attribute) and line.text(call.func.value).endswith("tree")
            )
            if tree and len(args) >= 2:
                roles.append(_Role("tree.map", "the function", args[0], len(args) - 1, args[1:]))
            continue
        operand = _keyword(call, "operand")
        if api == "cond" and len(args) >= 3:
            ops = args[3:] + ([operand] if operand is not None else [])
            roles += [
                _Role(api, "the true branch", args[1], len(ops), ops),
                _Role(api, "the false branch", args[2], len(ops), ops),
            ]
        elif api == "switch" and len(args) >= 2 and isinstance(args[1], (ast.List, ast.Tuple)):
            ops = args[2:] + ([operand] if operand is not None else [])
            roles += [
                _Role(api, f"branch {i}", b, len(ops), ops) for i, b in enumerate(args[1].elts)
            ]
        elif api == "while_loop":
            for k, name in enumerate(("cond_fun", "body_fun")):
                if (node := _argument(call, k, name)) is not None:
                    roles.append(_Role(api, name, node, 1, []))
        elif api == "fori_loop" and (node := _argument(call, 2, "body_fun")) is not None:
            roles.append(_Role(api, "its body", node, 2, []))
        elif api == "scan" and (node := _argument(call, 0, "f")) is not None:
            roles.append(_Role(api, "its step", node, 2, []))
    return roles


def _scan_with_loose_xs(info: dict) -> ast.Call | None:
    """A lax.scan call on the learner's line given more than three arguments by position:
    the fourth is scan's `length`, a number, where a second sequence is often passed."""
    line = _own_line(info)
    calls = [
        c
        for c in (line.calls("scan") if line is not None else [])
        if len(c.args) >= 4 and not any(isinstance(a, ast.Starred) for a in c.args)
    ]
    return calls[0] if len(calls) == 1 else None


def _about_loose_xs(info: dict) -> str | None:
    call, line = _scan_with_loose_xs(info), _own_line(info)
    if call is None or line is None:
        return None
    loose = [line.text(a) for a in call.args[2:]]
    if any(len(t) > 30 for t in loose):
        return None
    return (
        f"Your lax.scan is given {_count(len(loose), 'argument')} after the carry, "
        f"{_listing([_code(t) for t in loose])}, where it takes one, xs: lax.scan(f, init, "
        f"xs, length, ...) reads the fourth as length, the number of steps, so "
        f"{_code(loose[1])} was read as a number."
    )


_SLICE_GOT = re.compile(r"Got slice\((?P<parts>.*)\) at position")
_SLICE_PART = re.compile(r"None|-?\d+|\w*Tracer\([^)]*\)")


def _about_slice(info: dict) -> str | None:
    """The one slice on the learner's line that fits JAX's report of it (which of its
    start, stop and step were traced), and the bounds of it that were."""
    got, line = _SLICE_GOT.search(_message(info)), _own_line(info)
    if got is None or line is None:
        return None
    parts = _SLICE_PART.findall(got["parts"])
    if len(parts) != 3:
        return None

    def fits(node: ast.Slice) -> bool:
        for part, bound in zip(parts, (node.lower, node.upper, node.step)):
            literal = isinstance(bound, ast.Constant) or (
                isinstance(bound, ast.UnaryOp) and isinstance(bound.operand, ast.Constant)
            )
            if (part == "None") != (bound is None) or ("Tracer" in part and literal):
                return False
        return True

    found = {
        line.text(sub): sub.slice
        for sub in ast.walk(line.tree)
        if isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Slice) and fits(sub.slice)
    }
    if len(found) != 1:
        return None
    text, cut = next(iter(found.items()))
    bounds = (cut.lower, cut.upper, cut.step)
    traced = [line.text(b) for p, b in zip(parts, bounds) if b is not None and "Tracer" in p]
    return (
        f"Your slice {_code(text)} has {'a bound' if len(traced) == 1 else 'bounds'}, "
        f"{_listing([_code(t) for t in traced])}, that jit traces: computed from an "
        "argument, so not a Python integer while JAX traces the function."
    )


_OPTION = re.compile(r"got an unexpected keyword argument '(?P<option>\w+)'")
_TRANSFORMS = ("grad", "value_and_grad", "vmap", "jit", "jacfwd", "jacrev", "hessian")


def _about_option(info: dict) -> str | None:
    """A transformation's option written in the call of the function it made:
    `jax.grad(loss)(w, x, argnums=1)` hands argnums on to loss."""
    got, line = _OPTION.search(_message(info)), _own_line(info)
    if got is None or line is None:
        return None
    option = got["option"]
    for node in ast.walk(line.tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Call):
            continue
        made = node.func
        given = next((k for k in node.keywords if k.arg == option), None)
        if given is None or _called(made) not in _TRANSFORMS:
            continue
        transform = line.text(made.func)
        inner = line.text(made.args[0]) if made.args else "the function"
        return (
            f"Your line passes {_code(f'{option}={line.text(given.value)}')} to the function "
            f"{_code(transform)} made, which hands it on to {_code(inner)}; it is "
            f"{_code(transform)}'s own option, given where the function is made: "
            f"{_code(f'{transform}({inner}, {option}={line.text(given.value)})')}."
        )
    return None


def _about_value_given(info: dict) -> str | None:
    """jax.grad handed a call's result, `jax.grad(loss_fn(w))`, where it needs the
    function: said with the call's own function and arguments."""
    line = _own_line(info)
    if line is None:
        return None
    found = [
        (node, node.args[0])
        for node in ast.walk(line.tree)
        if isinstance(node, ast.Call)
        and _called(node) in _TRANSFORMS
        and node.args
        and isinstance(node.args[0], ast.Call)
    ]
    if len(found) != 1:
        return None
    call, value = found[0]
    assert isinstance(value, ast.Call)  # as filtered above
    transform = line.text(call.func)
    inner, arguments = line.text(value.func), ", ".join(line.text(a) for a in value.args)
    return (
        f"Your {_code(line.text(call))} hands {_code(transform)} the value "
        f"{_code(line.text(value))} computes, where it needs the function: "
        f"{_code(f'{transform}({inner})({arguments})')}."
    )


def _parameters(node: ast.Lambda) -> list[str] | None:
    """A lambda's positional parameters, when it has nothing but those."""
    a = node.args
    if a.vararg or a.kwarg or a.defaults or a.kwonlyargs:
        return None
    return [p.arg for p in a.posonlyargs + a.args]


def _about_arity(info: dict) -> str | None:
    message = _message(info)
    takes, missing = _TAKES.match(message), _MISSING.match(message)
    said, line = takes or missing, _own_line(info)
    if said is None or line is None:
        return None
    fn = said["fn"].split(".")[-1]
    absent = re.findall(r"'(\w+)'", missing["names"]) if missing else []

    def fits(role: _Role) -> bool:
        """Whether the message's function, as it says it was called, is this role's."""
        if isinstance(role.node, ast.Lambda):
            params = _parameters(role.node) if fn == "<lambda>" else None
            if params is None:
                return False
            if takes:
                wanted = 0 if takes["takes"] == "no" else int(takes["takes"])
                return len(params) == wanted and int(takes["given"]) == role.given
            return set(absent) <= set(params) and len(params) - len(absent) == role.given
        if not (isinstance(role.node, ast.Name) and role.node.id == fn):
            return False
        return takes is None or int(takes["given"]) == role.given

    roles = [r for r in _roles(line) if fits(r)]
    if not roles or len({r.api for r in roles}) != 1:
        return None
    api = roles[0].api
    names = []
    for role in roles:
        named = _function_name(role.node, line)
        names.append(f"{role.words} {named}" if not named.startswith("(") else role.words)
    who = _listing(names)
    if takes:
        wanted = 0 if takes["takes"] == "no" else int(takes["takes"])
        has = ("takes " if len(roles) == 1 else "take ") + _count(wanted, "parameter")
    else:
        its = ("its" if len(roles) == 1 else "their") + (
            " parameter" if len(absent) == 1 else " parameters"
        )
        has = ("has " if len(roles) == 1 else "have ") + (
            f"{its} {_listing([_code(a) for a in absent])} left without a value"
        )
    if api in ("cond", "switch"):
        ops = roles[0].operands
        given = _count(len(ops), "operand")
        if ops and all(len(line.text(o)) <= 30 for o in ops):
            given += ", " + _listing([_code(line.text(o)) for o in ops])
        after = "the two branches" if api == "cond" else "its list of branches"
        return (
            f"lax.{api} calls the branch it runs with the operands written after {after}: "
            f"your line passes {given}, but {who} {has}."
        )
    if api == "tree.map":
        trees = roles[0].operands
        passed = _count(len(trees), "tree")
        if all(len(line.text(t)) <= 30 for t in trees):
            passed += ", " + _listing([_code(line.text(t)) for t in trees])
        return (
            f"jax.tree.map calls {who} with one leaf from each tree written after it, in "
            f"that order: your line passes {passed}, but it {has}."
        )
    calls_with = {
        "while_loop": "with one argument, the carry",
        "fori_loop": "with two arguments, the index and the carry",
        "scan": "with two arguments, the carry and the current slice of xs",
    }[api]
    return f"lax.{api} calls {who} {calls_with}, but {'it' if len(roles) == 1 else 'they'} {has}."


# -- unpacking what jax.grad returns -----------------------------------------------------

_UNPACK = re.compile(
    r"not enough values to unpack \(expected (?P<want>\d+), got (?P<got>\d+)\)"
    r"|too many values to unpack \(expected (?P<most>\d+)\)"
    r"|(?P<zero>iteration over a 0-d array)"
)


def _about_unpack(info: dict) -> str | None:
    m = _UNPACK.search(_message(info))
    line = _own_line(info)
    statement = line.statement() if line else None
    if m is None or line is None or not isinstance(statement, ast.Assign):
        return None
    value, target = statement.value, statement.targets[-1]
    if len(statement.targets) != 1 or not isinstance(value, ast.Call):
        return None
    grad = next(
        (
            c
            for c in ast.walk(value.func)
            if isinstance(c, ast.Call) and _called(c) in ("grad", "value_and_grad")
        ),
        None,
    )
    if grad is None:
        return None
    fn, has_aux = line.text(grad.func), _keyword(grad, "has_aux")
    has_aux_on = isinstance(has_aux, ast.Constant) and has_aux.value is True
    if has_aux is not None and not isinstance(has_aux, ast.Constant):
        return None
    # which part of the target the gradients are unpacked into
    if _called(grad) == "grad" and not has_aux_on:
        grads, where = target, ""
    else:
        if not isinstance(target, (ast.Tuple, ast.List)) or any(
            isinstance(e, ast.Starred) for e in target.elts
        ):
            return None
        if len(target.elts) != 2:  # the pair itself unpacked into another count of names
            if m["got"] != "2":
                return None
            pair = (
                "(gradient, aux)"
                if _called(grad) == "grad"
                else "((value, aux), gradient), whose first entry is itself a pair"
                if has_aux_on
                else "(value, gradient)"
            )
            return (
                f"On your line {fn} returns a pair, {pair}: two values, which you unpack "
                f"into {_count(len(target.elts), 'name')}, "
                f"{_code(', '.join(line.text(e) for e in target.elts))}."
            )
        k = 0 if _called(grad) == "grad" else 1
        grads, other = target.elts[k], target.elts[1 - k]
        if isinstance(other, (ast.Tuple, ast.List)):
            return None  # the unpack that failed may be the other one
        first = "(gradient, aux)" if k == 0 else "(value, gradient)"
        where = f"{fn} returns the pair {first}, and "
    if not isinstance(grads, (ast.Tuple, ast.List)):
        return None
    if any(isinstance(e, ast.Starred) for e in grads.elts):
        return None
    names = [line.text(e) for e in grads.elts]
    want = m["want"] or m["most"]
    if want is not None and int(want) != len(names):
        return None  # another unpack on the line failed
    node = _argument(grad, 1, "argnums")
    argnums = _literal(node) if node is not None else 0
    written = line.text(node) if node is not None else ""
    args = value.args if not any(isinstance(a, ast.Starred) for a in value.args) else []

    def whose(position: int) -> str:
        return _code(line.text(args[position])) if 0 <= position < len(args) else ""

    targets = _code(", ".join(names))
    if type(argnums) is int:
        arg = whose(argnums)
        one = "one array, the gradient" + (f" with respect to {arg}" if arg else "")
        if node is None:
            said = f"On your line {fn} has no argnums, which means argument 0 alone"
        else:
            said = f"On your line argnums={written} is one position, an int"
        returns = f"its gradient is {one}" if where else f"{fn} returns {one}"
        if m["zero"]:
            rest = "but it is a 0-d array, a single number, with no axis to unpack"
        elif m["most"]:
            rest = f"and there are more than {len(names)}"
        else:
            rest = f"and there {'is' if m['got'] == '1' else 'are'} only {m['got']}"
        return (
            f"{said}: {where}{returns}, not a tuple of gradients. Unpacking it into "
            f"{targets} takes its entries along the first axis, {rest}."
        )
    if not (isinstance(argnums, tuple) and all(type(a) is int for a in argnums)) or m["zero"]:
        return None
    k = len(argnums)
    if (m["got"] and int(m["got"]) != k) or (m["most"] and k <= len(names)):
        return None
    wrt = [whose(a) for a in argnums]
    of = f" ({', '.join(wrt)})" if all(wrt) else ""
    returns = f"{where}its gradients are" if where else f"{fn} returns"
    return (
        f"On your line argnums={written} names {_count(k, 'position')}{of}, so "
        f"{returns} a tuple of {_count(k, 'gradient')}, one per position in that order; you "
        f"unpack it into {_count(len(names), 'name')}, {targets}."
    )


# -- a traced value where Python needs a concrete one --------------------------------------


_AROSE = re.compile(r"It arose in the (?P<fn>[\w.]+) argument '(?P<arg>\w+)'")


def _about_traced(info: dict) -> str | None:
    """Which value was traced and where it came from, as JAX's message tells."""
    message = _message(info)
    origin = _origin(message)
    shape = _TRACED_SHAPE.search(message)
    held = f" ({shape[1]})" if shape else ""
    arose = _AROSE.search(message)
    if arose:
        line = _own_line(info)
        fn = arose["fn"].split(".")[-1]
        calls = line.calls(fn) if line else []
        one = calls[0] if len(calls) == 1 else None
        subject = f"{arose['fn']}'s argument {arose['arg']}"
        if line and one and len(one.args) == 1 and not one.keywords:
            subject = f"{_code(line.text(one.args[0]))} ({subject})"
        return f"Here {subject} is a traced array{held}, not a number known while tracing{origin}."
    if not origin:
        return None
    line = _own_line(info)
    ranges = line.calls("range") if line and "__index__" in message else []
    if line and len(ranges) == 1 and len(ranges[0].args) == 1 and not ranges[0].keywords:
        value = _code(line.text(ranges[0].args[0]))
        return f"Here {value}, given to range(), is a traced array{held}{origin}."
    return f"Here that value is a traced array{held}{origin}."


def _about_waited(info: dict) -> str | None:
    """Which call waited on a traced array, read from the learner's line."""
    message = _message(info)
    method = re.search(r"The '(\w+)' method", message)
    line = _own_line(info)
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
    shape = _TRACED_SHAPE.search(message)
    held = f" ({shape[1]})" if shape else ""
    return f"Here {_code(line.text(waited[0]))} is a traced array{held}{_origin(message)}."


def _about_registered(info: dict) -> str | None:
    found = re.search(r"nodetype=<class '(?:[\w.]*\.)?(?P<name>\w+)'>", _message(info))
    return (
        f"Here {_code(found['name'])} was not a dataclass when it was registered."
        if found
        else None
    )


def _about_tracer_bool(info: dict) -> str | None:
    message = _message(info)
    origin = _origin(message)
    shape = _TRACED_SHAPE.search(message)
    held = f" ({shape[1]})" if shape else ""
    line = _own_line(info)
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
            f"Your {_code(kind)} needs True or False of {_code(line.text(test))}, but that is "
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


def _literal(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        return None


def _shape_names(line: _Line, entries: list[str], traced: list[int]) -> set[tuple[str, ...]]:
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
        if _called(call) == "reshape" and isinstance(call.func, ast.Attribute):
            groups.append(list(call.args))  # x.reshape(n, -1)
        for group in groups:
            if len(group) != len(entries) or any(isinstance(g, ast.Starred) for g in group):
                continue
            values = [_literal(g) for g in group]
            if all(
                (v is None) if i in traced else (v is None or str(v) == entries[i])
                for i, v in enumerate(values)
            ):
                found.add(tuple(line.text(group[i]) for i in traced))
    return found


def _about_shape(info: dict) -> str | None:
    message = _message(info)
    got = _SHAPE_GOT.search(message)
    if got is None:
        return None
    entries = _entries(got["got"])
    matched = [(i, _TRACER.match(e)) for i, e in enumerate(entries)]
    types = [m["type"] for _, m in matched if m]
    traced = [i for i, m in matched if m]
    if not traced:
        return None
    origin = _origin(message)
    line = _own_line(info)
    found = _shape_names(line, entries, traced) if line else set()
    if len(found) == 1:
        names = next(iter(found))
        held = _listing([f"{_code(n)} ({t})" for n, t in zip(names, types)])
        be = "is a traced array" if len(names) == 1 else "are traced arrays"
        return f"In the shape on your line, {held} {be} here, not a Python int{origin}."
    where = _listing([f"entry {i}" for i in traced])
    be = "is a traced array" if len(traced) == 1 else "are traced arrays"
    return f"The shape's {where} ({_listing(types)}) {be} here, not a Python int{origin}."


# -- dtypes -----------------------------------------------------------------------------

_LAX_DTYPES = re.compile(
    r"lax\.(?P<op>\w+) requires arguments to have the same dtypes, got (?P<dtypes>\w+(?:, \w+)*)"
)


def _about_lax_dtypes(info: dict) -> str | None:
    m = _LAX_DTYPES.search(_message(info))
    if m is None:
        return None
    dtypes = m["dtypes"].split(", ")
    line = _own_line(info)
    calls = [
        c
        for c in (line.calls(m["op"]) if line else [])
        if len(c.args) == len(dtypes)
        and not c.keywords
        and not any(isinstance(a, ast.Starred) for a in c.args)
    ]
    if line and len(calls) == 1:
        given = [f"{_code(line.text(a))} ({d})" for a, d in zip(calls[0].args, dtypes)]
        return f"On your line lax.{m['op']} gets {_listing(given)}."
    return f"lax.{m['op']} got arguments of dtypes {_listing(dtypes)}."


_STRICT = re.compile(r"Input dtypes \((?P<dtypes>.+?)\) have no available implicit dtype promotion")


def _about_strict(info: dict) -> str | None:
    m = _STRICT.search(_message(info))
    if m is None:
        return None
    said = [a or b for a, b in re.findall(r"\"([^\"]*)\"|'([^']*)'", m["dtypes"])]
    # JAX lists them in no fixed order (a set): sorted, so the sentence is always the same
    dtypes = sorted(
        f"a Python {p[1]}" if (p := re.fullmatch(r"<class '(\w+)'>", d)) else d for d in said
    )
    if len(dtypes) < 2:
        return None
    line = _own_line(info)
    nodes = list(ast.walk(line.tree)) if line else []
    ops = [n for n in nodes if isinstance(n, ast.BinOp)]
    # the operator is the one that failed only when nothing else on the line computes
    alone = line and len(ops) == 1 and not any(isinstance(n, ast.Call) for n in nodes)
    what = _code(line.text(ops[0])) if line and alone else "Your line"
    return f"{what} mixes {_listing(dtypes)}."


_X64 = re.compile(
    r"Explicitly requested dtype (?P<want>\w+) requested in (?P<fn>\w+) is not available, "
    r"and will be truncated to dtype (?P<got>\w+)"
)


def _about_x64(info: dict) -> str | None:
    m = _X64.search(_message(info))
    if m is None:
        return None
    line = _own_line(info)
    calls = line.calls(m["fn"]) if line else []
    asked = ""
    if line and len(calls) == 1:
        call = calls[0]
        node = _keyword(call, "dtype")
        if node is None and m["fn"] == "astype" and call.args:
            node = call.args[0]
        asked = f" ({_code(line.text(node))})" if node is not None else ""
    said = (
        f"Your line asks {_code(m['fn'])} for {m['want']}{asked}, but jax_enable_x64 is off, so JAX "
        f"gives {m['got']} instead"
    )
    if str(info.get("type", "")).endswith("Warning"):
        said += ", and the warning it gives about that was raised as an error here"
    return said + "."


def _vmap_calls(line: _Line | None) -> list[tuple[ast.Call, ast.Call]]:
    """Each jax.vmap(f, ...)(args) on the line: (the vmap call, the call of what it made)."""
    if line is None:
        return []
    return [
        (n.func, n)
        for n in ast.walk(line.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Call) and _called(n.func) == "vmap"
    ]


def _shared_by_none(info: dict) -> list[str]:
    """The arguments a vmap of a gradient on the learner's line gives in_axes None, other
    than those the gradient is taken of (the weights, shared by right)."""
    line = _own_line(info)
    for vmap, call in _vmap_calls(line):
        mapped = vmap.args[0] if vmap.args else None
        axes = _keyword(vmap, "in_axes") or (vmap.args[1] if len(vmap.args) > 1 else None)
        if not (isinstance(mapped, ast.Call) and _called(mapped) in ("grad", "value_and_grad")):
            continue
        if not isinstance(axes, ast.Tuple) or len(axes.elts) != len(call.args):
            continue
        argnums = _keyword(mapped, "argnums")
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


def _about_shared(info: dict) -> str | None:
    names = _shared_by_none(info)
    shape = re.search(r"Output had shape: (\([^)]*\))", _message(info))
    if not names or not shape:
        return None
    return (
        f"Your in_axes gives None to {_listing([_code(n) for n in names])}, which the "
        "gradient is not taken of, so each call of the gradient sees all of it, and the "
        f"one-example loss it differentiates came out with shape {shape[1]}, not ()."
    )


_LIST_OPERAND = re.compile(
    r"unsupported operand type\(s\) for (?P<op>\S+): '(?P<left>\w+)' and '(?P<right>\w+)'"
)


def _about_list_operand(info: dict) -> str | None:
    """Which operand of the learner's line is the Python list, where the line has one
    such operation and the list is a name or a literal of its own."""
    found = _LIST_OPERAND.search(_message(info))
    line = _own_line(info)
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
        f"Here {_code(line.text(operand))} is a Python {found[side]}, the {side} operand of "
        f"{found['op']} in {_code(line.written)}."
    )


def _about_jvp_tuples(info: dict) -> str | None:
    line = _own_line(info)
    calls = line.calls("jvp") if line else []
    if line is None or len(calls) != 1 or len(calls[0].args) != 3:
        return None
    fn, primals, tangents = (line.text(a) for a in calls[0].args)
    return (
        f"Here {_code(line.text(calls[0]))} passes {_code(primals)} and {_code(tangents)} "
        f"bare: jax.jvp takes a tuple of primals and a tuple of tangents, one entry per "
        f"argument of {_code(fn)}."
    )


_LEAKED = re.compile(
    r"The function being traced when the value leaked was (?P<fn>\S+) at \S+ traced for "
    r"(?P<by>\w+)\."
)


def _about_leaked(info: dict) -> str | None:
    found = _LEAKED.search(_message(info))
    line = _own_line(info)
    if found is None or line is None:
        return None
    return (
        f"Here a value made in {_code(found['fn'])} while {found['by']} traced it is used "
        f"after that trace, in {_code(line.written)}."
    )


_TREE_TYPES = re.compile(
    r"tree_map tree has a subtree of type\s+<class '(?P<first>\w+)'>.*?full pytree has a "
    r"subtree of different type\s+<class '(?P<other>\w+)'>",
    re.S,
)


def _about_tree_map(info: dict) -> str | None:
    """Which trees of the learner's jax.tree.map differ, and how, read from the line
    and JAX's message (the types at the top of the trees only)."""
    found = _TREE_TYPES.search(_message(info))
    line = _own_line(info)
    calls = line.calls("map", "tree_map") if line else []
    if found is None or line is None or len(calls) != 1 or len(calls[0].args) != 3:
        return None
    if "at key path\n    tree_map tree\n" not in _message(info):
        return None  # deeper in the trees: the line alone cannot say where
    first, other = (line.text(a) for a in calls[0].args[1:])
    return (
        f"Here {_code(first)} is a {found['first']} and {_code(other)} a {found['other']}, "
        "where jax.tree.map needs trees built alike."
    )


_AXIS_MISSING = re.compile(
    r"map its argument along axis (?P<axis>-?\d+), which implies that its rank should be at "
    r"least \d+, but is only \d+ \(its shape is (?P<shape>\([^)]*\))\)"
)


def _about_axis_missing(info: dict) -> str | None:
    m = _AXIS_MISSING.search(_message(info))
    line = _own_line(info)
    for vmap, call in _vmap_calls(line):
        axes = _keyword(vmap, "in_axes") or (vmap.args[1] if len(vmap.args) > 1 else None)
        if m and isinstance(axes, ast.Constant) and isinstance(axes.value, int):
            if len(call.args) < 2 or axes.value != int(m["axis"]):
                return None
            names = _listing([_code(line.text(a)) for a in call.args])  # type: ignore[union-attr]
            return (
                f"Your in_axes={axes.value} is one number, so vmap maps every argument along "
                f"axis {axes.value}, {names} alike, and an argument of shape {m['shape']} "
                f"has no axis {axes.value}."
            )
    return None


# the first match wins, so narrower causes come before the broad ones they are part of
KNOWN = [
    Known(
        "grad_of_none",
        r"Gradient only defined for scalar-output functions\. Output was None",
        "The function you differentiated returns None: it has no return statement (or "
        "a bare return), so jax.grad has no number to differentiate.",
        hint="End the function you differentiate with return and the value it computes.",
    ),
    Known(
        "examples_shared_under_vmap",
        r"Gradient only defined for scalar-output functions\. Output had shape",
        "vmap calls the function it maps once per example, and jax.grad inside needs that "
        "call's loss to be one number. An argument with one row per example needs its axis "
        "in in_axes (0), so each call gets its own row; None is only for what every example "
        "shares, such as the weights.",
        hint="Give 0 in in_axes to every argument with one row per example, and None only to those all examples share.",
        about=_about_shared,
        when=lambda info: bool(_shared_by_none(info)),
    ),
    Known(
        "non_scalar_grad",
        r"Gradient only defined for scalar-output functions",
        "jax.grad (and value_and_grad) can only differentiate a function that returns one "
        "number, an array of shape (). The function you differentiated returned something "
        "else: reduce it to a scalar (for example with jnp.sum), or if it returns "
        "(loss, extra), pass has_aux=True.",
        hint="Print the shape of what the differentiated function returns: it must be (). Sum or average the per-example losses inside that function.",
    ),
    Known(
        "aux_not_a_pair",
        r"aux output to return a two-element tuple",
        "With has_aux=True the differentiated function must return a pair "
        "(value_to_differentiate, auxiliary_data). Yours returned something else.",
        hint="Make the differentiated function end with return loss, extra: one pair, the number to differentiate first.",
    ),
    Known(
        "integer_grad_input",
        r"grad requires real- or complex-valued inputs",
        "jax.grad differentiates with respect to floating-point inputs only; an integer "
        "like 2 has no derivative. Pass a float (2.0), or convert first with jnp.asarray "
        "and a float dtype, which works for a Python int as well as an array.",
        hint="Convert the input to a float array first (jnp.asarray with a float dtype), then differentiate.",
    ),
    Known(
        "scan_carry_types",
        r"(scan|while_loop) body function carry input and carry output must have equal types",
        "The carry your scan step returns must have exactly the shape and dtype of the "
        "carry it received. Check what you return as the first element of the pair (a "
        "fori_loop or while_loop body returns the carry alone).",
        hint="Print the carry you start the scan with and the one your step returns: same structure, shapes and dtypes (0.0, not 0, for a float).",
        about=_about_carry,
    ),
    Known(
        "scan_carry_structure",
        r"(scan|while_loop) body function carry input and carry output must have the same "
        r"pytree structure",
        "The carry a loop's step returns must be built like the carry it received: the "
        "same tuples, lists and dicts, with an array in each place. A lax.scan step returns "
        "the pair (new_carry, output), the carry first; a fori_loop or while_loop body "
        "returns the new carry alone.",
        hint="Write the step's return so its carry part is built like the carry it receives: the same tuple, list or dict, an array in each place.",
        about=_about_carry,
    ),
    Known(
        "tree_map_structure",
        r"pytree structure error: different types at key path",
        "jax.tree.map walks its trees together, leaf by leaf, so every tree after the "
        "first must be built like the first: the same dicts, tuples and lists around the "
        "arrays. A tuple where a dict of parameters is expected is often a pair a "
        "function returned, such as value_and_grad's (value, gradients), not unpacked.",
        hint="Print the trees you hand jax.tree.map (their type and keys) and make them "
        "alike: unpack a pair first, and keep one structure for parameters and gradients.",
        about=_about_tree_map,
    ),
    Known(
        "branch_outputs",
        r"(cond|switch) branch(es must have equal output types| outputs must have the same "
        r"pytree structure)",
        "Every branch of lax.cond (or lax.switch) must return the same structure, shapes "
        "and dtypes: the result has one type, whichever branch runs.",
        hint="Print the .shape and .dtype of what each branch returns and make them the same in every branch.",
        about=_about_branches,
    ),
    Known(
        "scan_xs_apart",
        r"^TypeError: ",
        "lax.scan walks over one xs: to walk over several arrays together, pass them as "
        "one tuple, and the step receives one slice of each, together, as its second "
        "argument.",
        hint="Put the arrays together in one tuple in xs's place, and unpack that pair "
        "inside the step.",
        about=_about_loose_xs,
        when=lambda info: _scan_with_loose_xs(info) is not None,
    ),
    Known(
        "scan_not_a_pair",
        r"scan body output must be a pair",
        "A lax.scan step must return a pair (new_carry, output); return None as the "
        "output when you collect nothing.",
        hint="End the step with return new_carry, output (output may be None).",
    ),
    Known(
        "in_place_assignment",
        r"JAX arrays are immutable and do not support in-place item assignment",
        "JAX arrays cannot be changed in place, as NumPy or PyTorch arrays can: `a[i] = v` "
        "fails. Make a new array instead: a = a.at[i].set(v) (or .add, .mul).",
        hint="Replace a[i] = v with a = a.at[i].set(v), and a[i] += v with a = a.at[i].add(v); keep the returned array.",
    ),
    Known(
        "tracer_bool",
        r"TracerBoolConversionError|Attempted boolean conversion of traced array",
        "Under jit or vmap, and in the body of lax.scan or another lax loop, arrays are "
        "tracers with no concrete value yet, so Python cannot make True or False of them: "
        "not for an if or a while, nor for bool(), and, or, not (plain jax.grad runs on the "
        "numbers, so there it can). Keep the condition an array: jnp.where, or lax.cond, "
        "which takes it as it is.",
        hint="Write the decision as an array operation: jnp.where(condition, a, b), jnp.minimum or jnp.maximum, or lax.cond.",
        about=_about_tracer_bool,
    ),
    Known(
        "tracer_to_python_number",
        r"ConcretizationTypeError.*(item\(\) method|with the `float` function|with the `int` function|with the `bool` function)",
        "This turns a traced array into a Python number (.item(), float() or int()). "
        "Under jit or vmap, and in a lax loop's body, the array has no value yet, so it "
        "cannot become one; under grad, float() of a value being differentiated fails too. "
        "Keep it as an array: do the arithmetic with the array itself, return it if the "
        "caller needs the number, or use jax.debug.print to see it while it runs.",
        hint="Remove the .item(), float() or int() on that line and keep the array; to look at it while it runs, use jax.debug.print.",
        about=_about_traced,
    ),
    Known(
        "numpy_on_tracer",
        r"TracerArrayConversionError",
        "NumPy was handed a traced array (np.asarray, np.array, or a NumPy function such "
        "as np.exp or np.max). Under jit, grad or vmap, and in a lax loop's body, the array "
        "has no values yet, and NumPy computes only on values. jax.numpy has the same "
        "functions, and they trace: use it for everything computed from the arguments.",
        hint="Where your code calls NumPy on an argument, or on a value computed from one, "
        "call the jax.numpy function of the same name instead (jnp.exp for np.exp).",
    ),
    Known(
        "waited_on_tracer",
        r"The '(block_until_ready|copy_to_host_async)' method is not available on traced",
        "block_until_ready waits until JAX has computed an array. Inside a function JAX "
        "traces (a jitted function, a grad, a loop's step) nothing is computed yet: the "
        "value is a placeholder, so there is nothing to wait for, and a jitted function "
        "runs as one program anyway.",
        hint="Call block_until_ready on what the jitted function returns, where you call "
        "it, not inside it.",
        about=_about_waited,
    ),
    Known(
        "registered_before_dataclass",
        r"register_dataclass: data_fields and meta_fields are required when nodetype is not "
        r"a dataclass",
        "jax.tree_util.register_dataclass was handed a class that was not a dataclass yet. "
        "Decorators apply from the one nearest the class upwards, so @dataclasses.dataclass "
        "has to be written below register_dataclass (or the fields named by hand).",
        hint="Write @jax.tree_util.register_dataclass on the line above "
        "@dataclasses.dataclass, so it registers the finished dataclass.",
        about=_about_registered,
    ),
    Known(
        "list_in_arithmetic",
        r"TypeError: unsupported operand type\(s\) for \S+: ('list' and '|'\w+' and 'list')",
        "JAX does not turn a Python list into an array in arithmetic, as NumPy does: an "
        "array plus a list raises. Make the list an array once, with jnp.array (or "
        "jnp.asarray), and compute with that.",
        hint="Wrap the list in jnp.array(...) where you define it, so every use of it is an array.",
        about=_about_list_operand,
    ),
    Known(
        "jvp_bare_arguments",
        r"primal and tangent arguments to jax\.jvp must be tuples or lists",
        "jax.jvp(f, primals, tangents) takes its primals and its tangents each as a tuple "
        "(or list), one entry per argument of f: a tuple of one entry each when f has one "
        "argument. jax.vjp differs: it takes the primals as separate arguments.",
        hint="Where you call jax.jvp, wrap the point and the direction each in a tuple of one.",
        about=_about_jvp_tuples,
    ),
    Known(
        "leaked_tracer",
        r"UnexpectedTracerError",
        "A value computed inside a function JAX transforms (a jitted function, a grad, a "
        "lax.scan step) was kept outside it: appended to a list, stored in a global or on "
        "an object. JAX runs such a function once, with placeholders for its values, so "
        "what it kept is a placeholder that means nothing once that run is over. Return "
        "what you need instead: a scan step's second return value is collected for you.",
        hint="Return the value from the function you wrote instead of keeping it in a list "
        "or a global; let lax.scan stack a step's outputs.",
        about=_about_leaked,
    ),
    Known(
        "concrete_shape",
        r"Shapes must be 1D sequences of concrete values",
        "A shape must be known when JAX traces the function, but here it comes from a "
        "traced array. Take sizes from an array's .shape, or pass the size as a static "
        "argument (static_argnames) if it truly is a constant.",
        hint="Take the size from an array's .shape, which is known while tracing.",
        about=_about_shape,
    ),
    Known(
        "static_traced",
        r"Non-hashable static arguments are not supported.*Tracer",
        "An argument marked static (static_argnames or static_argnums) received a traced "
        "array: the tutor compiles your function with jax.jit as a whole, so its values "
        "are traced. A value that changes between calls, like a learning rate, should not "
        "be static: leave it out of static_argnames and static_argnums.",
        hint="Remove the argument from static_argnames/static_argnums: a value that changes from call to call stays a traced array.",
    ),
    Known(
        "static_array",
        r"Non-hashable static arguments are not supported",
        "An argument marked static (static_argnums or static_argnames) must be hashable, "
        "a Python number, string or tuple: jit compiles a program for each of its values. "
        "An array is not hashable, and an array of data should not be static: leave it "
        "traced, and keep static only what fixes the program's form (a size, a flag).",
        hint="Take the array arguments out of static_argnums/static_argnames: jit traces them, and the compiled program is reused for every value of the same shape.",
    ),
    Known(
        "concretization",
        r"ConcretizationTypeError|Abstract tracer value encountered",
        "This needed a concrete Python value, but inside a JAX transformation the array is a "
        "tracer. Keep the value as an array; only a value that is truly a constant of the "
        "program (a size, a flag) should be made static.",
        hint="Keep the value as an array on that line; make static only a true constant of the program, such as a size.",
        about=_about_traced,
    ),
    Known(
        "traced_slice_bounds",
        r"IndexError: Slice entries must be static integers",
        "Under jit, and in a lax loop's body, a slice's start, stop and step must be Python "
        "integers known while JAX traces, since they fix the result's shape. For positions "
        "that depend on an argument, make them an array (from jnp.arange, wrapped with % "
        "where needed) and index with it, or use lax.dynamic_slice (to write, "
        "lax.dynamic_update_slice) for a block of a fixed size.",
        hint="Replace the slice whose bound is traced: index with an array of positions "
        "built from jnp.arange, or take a block of fixed size with lax.dynamic_slice.",
        about=_about_slice,
    ),
    Known(
        "tracer_integer",
        r"TracerIntegerConversionError",
        "A traced array cannot be turned into a Python int inside jit or scan, for example "
        "to index a list or set a range(). Index arrays with the array itself, or loop with lax.scan.",
        hint="Index with the array itself, or loop with lax.scan or lax.fori_loop instead of range() over a traced value.",
        about=_about_traced,
    ),
    Known(
        "shapes_do_not_fit",
        r"(?i)incompatible shapes for broadcasting|dot_general requires contracting dimensions",
        "Two arrays here have shapes that do not fit together. Print their .shape to see "
        "which one is not what you expected.",
        hint="Print the .shape of each array on that line; add an axis (x[:, None]) or transpose where one is not what the formula needs.",
    ),
    Known(
        "vmap_sizes",
        r"vmap got inconsistent sizes for array axes to be mapped",
        "vmap maps each argument whose in_axes is not None over the axis in_axes gives it "
        "(0: the leading one), and those axes must all have the same size. The message "
        "lists each mapped axis's size: an argument shared by all examples should have "
        "in_axes None.",
        hint="Give in_axes None to the argument shared by every example, 0 to those with one row per example.",
    ),
    Known(
        "vmap_axis_missing",
        r"vmap was requested to map its argument along axis -?\d+, which implies that its rank",
        "vmap maps each argument along the axis in_axes gives it, and one argument has no "
        "such axis. A single number in in_axes applies to every argument; a tuple gives each "
        "argument its own entry, None for an argument all examples share.",
        hint="Give in_axes a tuple with one entry per argument: None for what every example shares, the axis of the examples for the rest.",
        about=_about_axis_missing,
    ),
    Known(
        "argnums_out_of_range",
        r"differentiating with respect to argnums=.* requires at least \d+ positional arguments",
        "argnums names argument positions, counting from 0; one of yours is not a position "
        "of the arguments you call the function with.",
        hint="Count the arguments of the call from 0 and use only those positions in argnums.",
    ),
    Known(
        "unpack_count",
        r"(not enough|too many) values to unpack|cannot unpack non-iterable|iteration over a "
        r"0-d array",
        "Unpacking (a, b = value) needs exactly as many values as there are names on the "
        "left: a tuple gives its elements, an array its entries along the first axis, and a "
        "0-d array (one number) none at all. jax.grad returns one array when argnums is an "
        "int (0 by default), and a tuple with one gradient per position when argnums is a "
        "tuple.",
        hint="Print the type and the .shape (or len) of the value on the right of the =, and unpack it into that many names.",
        about=_about_unpack,
    ),
    Known(
        "tuple_index",
        r"^IndexError: tuple index out of range",
        "A tuple was indexed past its end. jax.grad with a tuple of argnums returns one "
        "gradient per position named, indexed from 0 in the order argnums lists them: with "
        "argnums=(0, 2), the gradient for argument 2 is entry 1, not entry 2.",
        hint="Print len() of the tuple on the line shown, and index it from 0.",
    ),
    Known(
        "tuple_arithmetic",
        r"unsupported operand type\(s\) for [-+*/]+: .*'tuple'",
        "Arithmetic (+, -, *, /) does not apply to a tuple, and one operand here is one: "
        "often a pair unpacked into one name, or two names unpacked in the wrong order. "
        "opt.update returns (updates, new_state), in that order, and an optimizer's state "
        "is a tuple; value_and_grad returns (value, gradient).",
        hint="Print the type of each operand on the line shown; unpack the pair it came from "
        "in the order the function returns it.",
    ),
    Known(
        "dict_arithmetic",
        r"unsupported operand type\(s\) for [-+*/]+: .*'dict'",
        "Arithmetic (+, -, *, /) does not apply to a dict as a whole, and one operand here "
        "is a dict (the parameters or the gradients, say). Update each entry: jax.tree.map "
        "applies a function to the matching leaves of params and grads; or write the dict "
        "out key by key.",
        hint="Update every leaf at once: jax.tree.map over params and grads, with the update "
        "of one leaf as its function.",
    ),
    Known(
        "missing_argument",
        r"missing \d+ required positional arguments?: ",
        "A function was called with fewer arguments than it takes: the message names the "
        "parameter left without a value (the last one, if an earlier argument was left out "
        "and the rest moved up). Check the call on the line shown, and that jax.grad's "
        "function gets every argument it needs.",
        hint="Pass every argument the function takes, in order, on the line shown.",
        about=_about_arity,
    ),
    Known(
        "too_many_arguments",
        r"takes (\d+|no) positional arguments? but \d+ (was|were) given",
        "A function was called with more arguments than it has parameters: the message "
        "names it, how many it takes and how many it was given. lax.cond and lax.switch "
        "call a branch with the operands written after the branches; lax.while_loop calls "
        "cond_fun and body_fun with the carry, fori_loop's body gets (i, carry) and a "
        "scan step (carry, x).",
        hint="Give the function one parameter for each argument it is called with; for a lax branch, one per operand after the branches.",
        about=_about_arity,
    ),
    Known(
        "python_number_astype",
        r"'(int|float)' object has no attribute 'astype'",
        ".astype is a method of arrays; a plain Python number has none. Convert with "
        "jnp.asarray and a dtype, which takes numbers and arrays alike.",
        hint="Use jnp.asarray(..., dtype=...) in place of x.astype(...).",
    ),
    Known(
        "lax_same_dtypes",
        r"lax\.\w+ requires arguments to have the same dtypes",
        "lax functions do not convert dtypes for you: all their arguments must already "
        "have one dtype. Convert one first (jnp.asarray with a dtype, or .astype), or call "
        "the jnp function the message names, which promotes.",
        hint="Give every argument of that lax call the same dtype, converting one of them first; or call the jnp function, which promotes.",
        about=_about_lax_dtypes,
    ),
    Known(
        "strict_promotion",
        r"TypePromotionError|no available implicit dtype promotion path",
        "With jax_numpy_dtype_promotion set to strict, JAX does not promote mixed dtypes: "
        "convert one side to the other's dtype yourself before they meet (a Python number "
        "counts as a dtype of its own there).",
        hint="Convert one side of that operation to the other's dtype first, so both have one dtype.",
        about=_about_strict,
    ),
    Known(
        "x64_disabled",
        r"Explicitly requested dtype \w+ requested in \w+ is not available",
        "64-bit dtypes (float64, int64) exist in JAX only with jax_enable_x64 on; without it "
        "JAX gives float32 or int32 and warns. Turn it on at the very start of the program, "
        "before any array is made, or ask for the 32-bit dtype.",
        hint="Ask for float32 (or int32), or turn jax_enable_x64 on at the very start of your file, before any array is made.",
        about=_about_x64,
    ),
    Known(
        "transform_option_in_call",
        r"got an unexpected keyword argument '(argnums|has_aux|in_axes|out_axes|"
        r"static_argnums|static_argnames|donate_argnums)'",
        "argnums, has_aux, in_axes and static_argnums are options of the transformation "
        "(jax.grad, jax.value_and_grad, jax.vmap, jax.jit), given where it makes the new "
        "function: jax.grad(loss, argnums=1)(w, x). Written in the call of the function it "
        "made, the option is handed on to your own function, which has no such parameter.",
        hint="Give the option to the transformation itself: jax.grad(loss, argnums=...), "
        "then call what it returns with your arguments alone.",
        about=_about_option,
    ),
    Known(
        "grad_of_a_value",
        r"Expected a callable value, got",
        "jax.grad takes a function, not a number: jax.grad(f)(x) is already the value of "
        "f' at x. For f'' differentiate the function jax.grad(f): jax.grad(jax.grad(f))(x).",
        hint="Differentiate functions: jax.grad(jax.grad(f))(x) for f''(x), not jax.grad(jax.grad(f)(x)).",
        about=_about_value_given,
    ),
    Known(
        "stopped",
        r"^(SystemExit|KeyboardInterrupt):",
        "Your code tried to stop the program (sys.exit, exit() or KeyboardInterrupt). The "
        "tutor runs your file and then calls your function, so let it return its answer.",
        hint="Remove sys.exit() or exit() and let your function return its answer.",
    ),
]

_JAX_FOOTER = re.compile(r"\n-{10,}.*", re.S)  # JAX's note on traceback filtering


def clean_message(message: str) -> str:
    return _JAX_FOOTER.sub("", message).strip()


def known(info: dict) -> Known | None:
    """The catalogue's entry for the learner's exception, if any."""
    raw = f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"
    return next(
        (k for k in KNOWN if re.search(k.pattern, raw, re.S) and _fits(k, info)),
        None,
    )


def _fits(entry: Known, info: dict) -> bool:
    if entry.when is None:
        return True
    try:
        return entry.when(info)
    except Exception:  # a line of a form not foreseen: not this narrower cause
        return False


def words(entry: Known, info: dict) -> str:
    """The entry's words, after a sentence about the learner's own line where its `about`
    can say one."""
    said = None
    if entry.about is not None:
        try:
            said = entry.about(info)
        except Exception:  # a line or message of a form not foreseen: the words alone
            said = None
    return f"{said} {entry.words}" if said else entry.words


def jax_text(info: dict) -> str:
    """The exception as JAX (or Python) said it, its type first."""
    return f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"


def explain(info: dict) -> tuple[str, int | None]:
    """An explanation of the learner's exception and the line it points at."""
    frames = info.get("frames") or []
    line = info.get("line") or (frames[-1]["line"] if frames else None)
    raw = jax_text(info)
    entry = known(info)
    if entry is not None:
        return f"{words(entry, info)}\n\n{raw}", line
    return raw, line


def traceback_text(info: dict) -> str:
    """The learner's frames only, innermost last, like a short Python traceback."""
    lines = [
        f"  line {f['line']}, in {f['function']}: {f['text']}" for f in info.get("frames") or []
    ]
    return "\n".join(lines)
