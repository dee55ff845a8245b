"""A parameter that jax.grad differentiates and its function never reads: read off the
learner's code, where a step that leaves its parameter unchanged needs its cause. The
gradient of a function with respect to an argument it ignores is 0, whatever it reads
from around it instead."""

from __future__ import annotations

import ast

from jaxtutor.explain.line import called_name

_GRADS = ("grad", "value_and_grad")


def _positions(call: ast.Call) -> list[int] | None:
    """The argnums a grad call gives: 0 by default; None where they are not literals."""
    for keyword in call.keywords:
        if keyword.arg == "argnums":
            try:
                value = ast.literal_eval(keyword.value)
            except ValueError:
                return None
            value = value if isinstance(value, tuple) else (value,)
            return list(value) if all(type(v) is int for v in value) else None
    return [0] if len(call.args) < 2 else None  # argnums given by position: left alone


def _reads(function: ast.FunctionDef | ast.Lambda, name: str) -> bool:
    body = function.body if isinstance(function, ast.FunctionDef) else [function.body]
    return any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
        for statement in body
        for node in ast.walk(statement)
    )


def unread_differentiated(source: str) -> list[tuple[str, str]]:
    """(function, parameter) for each parameter a grad call differentiates that its
    function's body never reads: `loss_fn` and `params` in `def loss_fn(params): return
    jnp.sum((w * x - y) ** 2)` given to jax.grad."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    names = [f.name for f in functions]
    # a name defined twice could be either function: neither is said
    defs = {f.name: f for f in functions if names.count(f.name) == 1}
    found: list[tuple[str, str]] = []
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and called_name(call) in _GRADS and call.args):
            continue
        target = call.args[0]
        if isinstance(target, ast.Lambda):
            function: ast.FunctionDef | ast.Lambda = target
            label = "the lambda"
        elif isinstance(target, ast.Name) and target.id in defs:
            function, label = defs[target.id], target.id
        else:
            continue
        params = [a.arg for a in function.args.posonlyargs + function.args.args]
        for i in _positions(call) or []:
            if 0 <= i < len(params) and not _reads(function, params[i]):
                if (label, params[i]) not in found:
                    found.append((label, params[i]))
    return found


def zero_gradient_said(source: str, name: str) -> tuple[str, str] | None:
    """Why a step left `name` where it was, when the code shows it: the sentence, and
    the hint; None when no differentiated parameter goes unread."""
    unread = unread_differentiated(source)
    if not unread:
        return None
    function, parameter = unread[0]
    return (
        f"`{function}` never reads its parameter `{parameter}`, the one jax.grad "
        f"differentiates, so its gradient is 0 and no step moves {name}.",
        f"Compute the loss in `{function}` from its parameter `{parameter}`, not from a "
        f"{name} it reads from around it: jax.grad varies only the argument it is handed.",
    )
