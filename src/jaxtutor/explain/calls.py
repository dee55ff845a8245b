"""The learner's line told for what a call is given and what it returns: a function
passed to lax given too few or too many arguments, lax.scan given its sequences apart, a
traced slice bound, a transformation's option written in the wrong call, jax.grad handed
a value, a gradient unpacked into more names than argnums gives."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from jaxtutor.explain.line import (
    Line,
    argument_node,
    as_code,
    called_name,
    count_of,
    function_name,
    jax_message,
    keyword_arg,
    listing,
    own_line,
)
from jaxtutor.explain.traced import literal_value

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


def _roles(line: Line) -> list[_Role]:
    """Each function the line passes to a lax construct, and what lax calls it with."""
    roles = []
    for call in line.calls("cond", "switch", "while_loop", "fori_loop", "scan", "map", "tree_map"):
        if any(isinstance(a, ast.Starred) for a in call.args):
            continue
        api, args = called_name(call), call.args
        if api in ("map", "tree_map"):  # jax.tree.map, jax.tree_util.tree_map: not lax.map
            tree = api == "tree_map" or (
                isinstance(call.func, ast.Attribute) and line.text(call.func.value).endswith("tree")
            )
            if tree and len(args) >= 2:
                roles.append(_Role("tree.map", "the function", args[0], len(args) - 1, args[1:]))
            continue
        operand = keyword_arg(call, "operand")
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
                if (node := argument_node(call, k, name)) is not None:
                    roles.append(_Role(api, name, node, 1, []))
        elif api == "fori_loop" and (node := argument_node(call, 2, "body_fun")) is not None:
            roles.append(_Role(api, "its body", node, 2, []))
        elif api == "scan" and (node := argument_node(call, 0, "f")) is not None:
            roles.append(_Role(api, "its step", node, 2, []))
    return roles


def scan_with_loose_xs(info: dict) -> ast.Call | None:
    """A lax.scan call on the learner's line given more than three arguments by position:
    the fourth is scan's `length`, a number, where a second sequence is often passed."""
    line = own_line(info)
    calls = [
        c
        for c in (line.calls("scan") if line is not None else [])
        if len(c.args) >= 4 and not any(isinstance(a, ast.Starred) for a in c.args)
    ]
    return calls[0] if len(calls) == 1 else None


def about_loose_xs(info: dict) -> str | None:
    call, line = scan_with_loose_xs(info), own_line(info)
    if call is None or line is None:
        return None
    loose = [line.text(a) for a in call.args[2:]]
    if any(len(t) > 30 for t in loose):
        return None
    return (
        f"Your lax.scan is given {count_of(len(loose), 'argument')} after the carry, "
        f"{listing([as_code(t) for t in loose])}, where it takes one, xs: lax.scan(f, init, "
        f"xs, length, ...) reads the fourth as length, the number of steps, so "
        f"{as_code(loose[1])} was read as a number."
    )


_SLICE_GOT = re.compile(r"Got slice\((?P<parts>.*)\) at position")
_SLICE_PART = re.compile(r"None|-?\d+|\w*Tracer\([^)]*\)")


def about_slice(info: dict) -> str | None:
    """The one slice on the learner's line that fits JAX's report of it (which of its
    start, stop and step were traced), and the bounds of it that were."""
    got, line = _SLICE_GOT.search(jax_message(info)), own_line(info)
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
        f"Your slice {as_code(text)} has {'a bound' if len(traced) == 1 else 'bounds'}, "
        f"{listing([as_code(t) for t in traced])}, that jit traces: computed from an "
        "argument, so not a Python integer while JAX traces the function."
    )


_OPTION = re.compile(r"got an unexpected keyword argument '(?P<option>\w+)'")
_TRANSFORMS = ("grad", "value_and_grad", "vmap", "jit", "jacfwd", "jacrev", "hessian")


def about_option(info: dict) -> str | None:
    """A transformation's option written in the call of the function it made:
    `jax.grad(loss)(w, x, argnums=1)` hands argnums on to loss."""
    got, line = _OPTION.search(jax_message(info)), own_line(info)
    if got is None or line is None:
        return None
    option = got["option"]
    for node in ast.walk(line.tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Call):
            continue
        made = node.func
        given = next((k for k in node.keywords if k.arg == option), None)
        if given is None or called_name(made) not in _TRANSFORMS:
            continue
        transform = line.text(made.func)
        inner = line.text(made.args[0]) if made.args else "the function"
        return (
            f"Your line passes {as_code(f'{option}={line.text(given.value)}')} to the function "
            f"{as_code(transform)} made, which hands it on to {as_code(inner)}; it is "
            f"{as_code(transform)}'s own option, given where the function is made: "
            f"{as_code(f'{transform}({inner}, {option}={line.text(given.value)})')}."
        )
    return None


def about_value_given(info: dict) -> str | None:
    """jax.grad handed a call's result, `jax.grad(loss_fn(w))`, where it needs the
    function: said with the call's own function and arguments."""
    line = own_line(info)
    if line is None:
        return None
    found = [
        (node, node.args[0])
        for node in ast.walk(line.tree)
        if isinstance(node, ast.Call)
        and called_name(node) in _TRANSFORMS
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
        f"Your {as_code(line.text(call))} hands {as_code(transform)} the value "
        f"{as_code(line.text(value))} computes, where it needs the function: "
        f"{as_code(f'{transform}({inner})({arguments})')}."
    )


def _parameters(node: ast.Lambda) -> list[str] | None:
    """A lambda's positional parameters, when it has nothing but those."""
    a = node.args
    if a.vararg or a.kwarg or a.defaults or a.kwonlyargs:
        return None
    return [p.arg for p in a.posonlyargs + a.args]


def about_arity(info: dict) -> str | None:
    message = jax_message(info)
    takes, missing = _TAKES.match(message), _MISSING.match(message)
    said, line = takes or missing, own_line(info)
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
        named = function_name(role.node, line)
        names.append(f"{role.words} {named}" if not named.startswith("(") else role.words)
    who = listing(names)
    if takes:
        wanted = 0 if takes["takes"] == "no" else int(takes["takes"])
        has = ("takes " if len(roles) == 1 else "take ") + count_of(wanted, "parameter")
    else:
        its = ("its" if len(roles) == 1 else "their") + (
            " parameter" if len(absent) == 1 else " parameters"
        )
        has = ("has " if len(roles) == 1 else "have ") + (
            f"{its} {listing([as_code(a) for a in absent])} left without a value"
        )
    if api in ("cond", "switch"):
        ops = roles[0].operands
        given = count_of(len(ops), "operand")
        if ops and all(len(line.text(o)) <= 30 for o in ops):
            given += ", " + listing([as_code(line.text(o)) for o in ops])
        after = "the two branches" if api == "cond" else "its list of branches"
        return (
            f"lax.{api} calls the branch it runs with the operands written after {after}: "
            f"your line passes {given}, but {who} {has}."
        )
    if api == "tree.map":
        trees = roles[0].operands
        passed = count_of(len(trees), "tree")
        if all(len(line.text(t)) <= 30 for t in trees):
            passed += ", " + listing([as_code(line.text(t)) for t in trees])
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


def about_unpack(info: dict) -> str | None:
    m = _UNPACK.search(jax_message(info))
    line = own_line(info)
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
            if isinstance(c, ast.Call) and called_name(c) in ("grad", "value_and_grad")
        ),
        None,
    )
    if grad is None:
        return None
    fn, has_aux = line.text(grad.func), keyword_arg(grad, "has_aux")
    has_aux_on = isinstance(has_aux, ast.Constant) and has_aux.value is True
    if has_aux is not None and not isinstance(has_aux, ast.Constant):
        return None
    # which part of the target the gradients are unpacked into
    if called_name(grad) == "grad" and not has_aux_on:
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
                if called_name(grad) == "grad"
                else "((value, aux), gradient), whose first entry is itself a pair"
                if has_aux_on
                else "(value, gradient)"
            )
            return (
                f"On your line {fn} returns a pair, {pair}: two values, which you unpack "
                f"into {count_of(len(target.elts), 'name')}, "
                f"{as_code(', '.join(line.text(e) for e in target.elts))}."
            )
        k = 0 if called_name(grad) == "grad" else 1
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
    node = argument_node(grad, 1, "argnums")
    argnums = literal_value(node) if node is not None else 0
    written = line.text(node) if node is not None else ""
    args = value.args if not any(isinstance(a, ast.Starred) for a in value.args) else []

    def whose(position: int) -> str:
        return as_code(line.text(args[position])) if 0 <= position < len(args) else ""

    targets = as_code(", ".join(names))
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
        f"On your line argnums={written} names {count_of(k, 'position')}{of}, so "
        f"{returns} a tuple of {count_of(k, 'gradient')}, one per position in that order; you "
        f"unpack it into {count_of(len(names), 'name')}, {targets}."
    )


# -- a jax.random function's key, its first argument ---------------------------------------

_KEY_GOT = re.compile(
    r"got shape=(?P<shape>\([\d, ]*\))|unexpected PRNG key type <class '(?P<type>\w+)'>"
)
_SEEDED = ("key", "PRNGKey", "wrap_key_data", "key_data", "key_impl")  # take no key


def about_key_place(info: dict) -> str | None:
    """A jax.random function handed something other than a key first: the one such call
    on the line, its first argument as written and what JAX saw there."""
    line = own_line(info)
    if line is None:
        return None
    calls = [
        node
        for node in ast.walk(line.tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and line.text(node.func.value).split(".")[-1] == "random"
        and node.func.attr not in _SEEDED
    ]
    if len(calls) != 1 or not calls[0].args:
        return None
    call, got = calls[0], _KEY_GOT.search(jax_message(info))
    seen = ""
    if got and got["shape"]:
        seen = f" (an array of shape {got['shape']})"
    elif got and got["type"]:
        seen = f" (a {got['type']})"
    return (
        f"Your {as_code(line.text(call.func))} is given {as_code(line.text(call.args[0]))}"
        f"{seen} as its first argument, the place of the key it draws with."
    )
