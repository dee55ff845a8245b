"""What the learner's file shows: the evidence a cause in the code is named on. Read as
text (comments dropped) beside a raised error, and parsed (never run: `ast` only reads
it) for what a call of jax.grad or jax.value_and_grad differentiates."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from jaxtutor.oracles.evidence import without_comments

_TORCH_ORDER = re.compile(
    r"^\s*\w+\s*,\s*\(\s*\w+\s*,\s*\w+\s*\)\s*=\s*"
    r"(jax\.)?value_and_grad\(",
    re.M,
)
_GRAD_PAIR = re.compile(r"^\s*\w+\s*=\s*(jax\.)?grad\([^\n]*has_aux\s*=\s*True", re.M)
_OTHER_ARGNUMS = re.compile(r"value_and_grad\([^\n]*argnums\s*=\s*\(?\s*([1-9])")
_DIFFERENTIATE = ("grad", "value_and_grad")


def torch_order(source: str) -> bool:
    """`grads, (loss, accuracy) = value_and_grad(...)`: PyTorch's order of the pair."""
    return bool(_TORCH_ORDER.search(without_comments(source)))


def grad_pair(source: str) -> bool:
    """`grads = jax.grad(..., has_aux=True)`: the (gradients, aux) pair kept whole."""
    return bool(_GRAD_PAIR.search(without_comments(source)))


def other_argnums(source: str) -> int | None:
    """The position an argnums other than 0 points value_and_grad at, if any."""
    found = _OTHER_ARGNUMS.search(without_comments(source))
    return int(found.group(1)) if found else None


def _tree(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def _called(node: ast.AST) -> str | None:
    """The name a call calls: `jax.grad` and `grad` are both "grad"."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _differentiating_calls(tree: ast.Module) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _called(node.func) in _DIFFERENTIATE and node.args
    ]


def argnums_tuple(source: str) -> str | None:
    """The argnums written as a tuple in a call of grad or value_and_grad, as written."""
    tree = _tree(source)
    for call in _differentiating_calls(tree) if tree else ():
        for keyword in call.keywords:
            if keyword.arg == "argnums" and isinstance(keyword.value, (ast.Tuple, ast.List)):
                return ast.unparse(keyword.value)
    return None


@dataclass(frozen=True)
class Differentiated:
    """A function the file hands to grad or value_and_grad, as the file writes it."""

    label: str  # how the message names it: `loss_fn(p)`, or the lambda itself
    node: ast.FunctionDef | ast.Lambda


def differentiated(source: str) -> list[Differentiated]:
    """Each function the file differentiates with respect to its first argument (no
    argnums), found where the file defines it: a def, or a lambda written in the call or
    assigned to a name."""
    tree = _tree(source)
    if tree is None:
        return []
    named: dict[str, ast.FunctionDef | ast.Lambda] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            named[node.name] = node
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            named.update({t.id: node.value for t in node.targets if isinstance(t, ast.Name)})
    found = []
    for call in _differentiating_calls(tree):
        if any(k.arg == "argnums" for k in call.keywords):
            continue
        target = call.args[0]
        if isinstance(target, ast.Lambda):
            found.append(Differentiated(ast.unparse(target), target))
        elif isinstance(target, ast.Name) and target.id in named:
            node = named[target.id]
            arguments = ", ".join(a.arg for a in node.args.posonlyargs + node.args.args)
            found.append(Differentiated(f"{target.id}({arguments})", node))
    return found


def _first_argument(node: ast.FunctionDef | ast.Lambda) -> str | None:
    arguments = node.args.posonlyargs + node.args.args
    return arguments[0].arg if arguments else None


def _body(node: ast.FunctionDef | ast.Lambda) -> list[ast.AST]:
    return list(node.body) if isinstance(node, ast.FunctionDef) else [node.body]


def names_used(node: ast.FunctionDef | ast.Lambda) -> set[str]:
    return {
        n.id
        for part in _body(node)
        for n in ast.walk(part)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }


def reads_from_outside(function: Differentiated, name: str) -> bool:
    """Whether the function reads `name` without taking it as an argument."""
    arguments = function.node.args.posonlyargs + function.node.args.args
    return name in names_used(function.node) and name not in {a.arg for a in arguments}


def argument_unused(function: Differentiated) -> str | None:
    """The first argument, where the function's body never reads it: the function is a
    constant in what is differentiated."""
    first = _first_argument(function.node)
    return first if first is not None and first not in names_used(function.node) else None


def _returned(node: ast.FunctionDef | ast.Lambda) -> list[ast.expr]:
    if isinstance(node, ast.Lambda):
        return [node.body]
    return [
        n.value
        for part in node.body
        for n in ast.walk(part)
        if isinstance(n, ast.Return) and n.value is not None
    ]


def _of_loss_and_accuracy(expr: ast.expr) -> ast.expr | None:
    """What `loss_and_accuracy(...)[...]` takes from the pair, or None."""
    if (
        isinstance(expr, ast.Subscript)
        and isinstance(expr.value, ast.Call)
        and _called(expr.value.func) == "loss_and_accuracy"
    ):
        return expr.slice
    return None


def _accuracy_first(expr: ast.expr) -> bool:
    """A return value whose first (or only) output is the accuracy: a name that says
    accuracy, loss_and_accuracy(...)[1], or the pair reversed, [::-1]."""
    first = expr.elts[0] if isinstance(expr, ast.Tuple) and expr.elts else expr
    if isinstance(first, ast.Name):
        return "acc" in first.id.lower()
    taken = _of_loss_and_accuracy(expr)
    if isinstance(taken, ast.Slice):
        return ast.unparse(taken) == "::-1"
    taken = _of_loss_and_accuracy(first)
    return isinstance(taken, ast.Constant) and taken.value == 1


def accuracy_first(function: Differentiated) -> str | None:
    """What the function returns, as written, where it returns the accuracy first (or
    alone): the output grad and value_and_grad differentiate."""
    for expr in _returned(function.node):
        if _accuracy_first(expr):
            return ast.unparse(expr)
    return None


def value_and_grad_indexed(source: str) -> str | None:
    """`out = value_and_grad(f)(...)` and then `out[0]` used: the name of the whole pair."""
    tree = _tree(source)
    if tree is None:
        return None
    whole = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Call)
        and _called(node.value.func.func) == "value_and_grad"
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id in whole
            and isinstance(node.slice, ast.Constant)
            and node.slice.value == 0
        ):
            return node.value.id
    return None
