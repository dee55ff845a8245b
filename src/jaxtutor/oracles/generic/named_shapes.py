"""The shapes an error names, told in the task's own size names on the case that raised:
"(4,) and (2,)" is a fact of JAX's; "(B,) and (D,), w's shape" says which of the
learner's arrays they are likely to be, from the sizes the case was drawn with."""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.generic.cases import is_range
from jaxtutor.oracles.shrink import Size, size_of

_SHAPE = re.compile(r"\((\d+(?:, ?\d+)*),?\)")


def declared_sizes(config: dict) -> tuple[Size, ...]:
    """The exercise's named sizes ([exercise.sizes]), each with the argument axes that
    share it and the sizes the task allows it: a range's from its min, a list's alone."""
    args = config.get("args") or []
    names = sorted({d for a in args for d in a.get("shape", []) if isinstance(d, str)})
    allowed = config.get("sizes") or {}
    return tuple(
        Size(
            name,
            tuple(
                (i, axis)
                for i, a in enumerate(args)
                for axis, d in enumerate(a.get("shape", []))
                if d == name
            ),
            **_allowed(allowed.get(name)),
        )
        for name in names
    )


def _allowed(choices) -> dict:
    if is_range(choices):
        return {"least": int(choices["min"])}
    if choices:
        return {"only": tuple(int(n) for n in choices)}
    return {}


def shapes_said(message: str, config: dict, case: Case) -> str:
    """A sentence naming the shapes of `message` by the case's sizes, where each of their
    numbers is one size's value and no other's; "" when that says nothing more."""
    sizes = {size.name: size_of(case.args, size) for size in declared_sizes(config)}
    named: dict[int, list[str]] = {}
    for name, n in sizes.items():
        named.setdefault(n, []).append(name)
    shapes = list(
        dict.fromkeys(tuple(int(d) for d in m[1].split(",")) for m in _SHAPE.finditer(message))
    )
    said = []
    for shape in shapes:
        names = [named.get(n, []) for n in shape]
        if len(shapes) < 2 or not all(len(found) == 1 for found in names):
            return ""
        text = _tuple([found[0] for found in names])
        whose = [
            spec["name"]
            for spec, value in zip(config.get("args") or [], case.args)
            if np.shape(value) == shape
        ]
        said.append(
            f"its {_tuple([str(n) for n in shape])} is {text}"
            + (f", {whose[0]}'s shape" if len(whose) == 1 else "")
        )
    used = sorted({name for shape in shapes for n in shape for name in named[n]})
    values = " and ".join(f"{name} = {sizes[name]}" for name in used)
    return f"On that case {values}, so of the shapes in JAX's error, " + " and ".join(said) + "."


def _tuple(items: list[str]) -> str:
    """A shape as Python writes it: (4,), (B, D)."""
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
