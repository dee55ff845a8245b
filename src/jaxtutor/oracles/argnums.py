"""Oracle for `grad_w_and_x(scale, w, x, y)`: the gradients of
loss = scale * sum((x @ w - y) ** 2) with respect to w and x, as a tuple (dw, dx).

A wrong answer is matched against the gradients with respect to every argument, so
the diagnosis can say which argument's gradient each returned entry is.
"""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.interface import Misconception, Oracle
from jaxtutor.oracles.values import describe, matches

ARG_NAMES = ("scale", "w", "x", "y")
_M = [
    Misconception(
        "wrong_argnums",
        "You differentiated with respect to the wrong arguments.",
        "argnums counts positions from 0 in loss(scale, w, x, y): w is position 1 "
        "and x is position 2, so you want argnums=(1, 2).",
    ),
    Misconception(
        "single_gradient",
        "You returned one gradient where two were asked for.",
        "With a single integer argnums, jax.grad returns one gradient. Pass a tuple "
        "of positions, argnums=(1, 2), to get a tuple of two gradients back.",
    ),
    Misconception(
        "swapped_order",
        "You returned both gradients, but in the wrong order.",
        "jax.grad returns the gradients in the order of argnums. The exercise asks "
        "for (dloss/dw, dloss/dx): list w's position first.",
    ),
    Misconception(
        "non_scalar_loss",
        "The function you differentiated does not return a single number.",
        "jax.grad needs a scalar output. Keep the jnp.sum in the loss, so it "
        "returns shape (), not one value per example.",
    ),
]
MISCONCEPTIONS = {m.id: m for m in _M}


def gradients(scale, w, x, y) -> dict[str, np.ndarray]:
    """Every argument's gradient, in float64 NumPy."""
    r = x @ w - y
    return {
        "scale": np.asarray(np.sum(r**2)),
        "w": 2 * scale * x.T @ r,
        "x": 2 * scale * np.outer(r, w),
        "y": -2 * scale * r,
    }


def make_cases(seed: int) -> list[Case]:
    """The worked example, then hidden cases drawn from `seed`. Two shapes only: the
    learner's function is compiled once per shape, and compiling is the slow part of a
    check. (3, 2) is not square, so a transposed gradient shows; (1, 1) covers B=1 and
    D=1."""
    rng = np.random.default_rng(seed)
    cases = [
        Case(
            "small example: scale=0.5, B=3, D=2",
            (
                np.asarray(0.5),
                np.array([1.0, -1.0]),
                np.array([[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]]),
                np.array([0.0, 1.0, 2.0]),
            ),
            None,
        )
    ]
    drawn = [
        _normal(rng, 1, 1),
        _normal(rng, 3, 2),
        _with_zeros(rng),
        _normal(rng, 3, 2),
        _large(rng, 1, 1),
        _large(rng, 3, 2),
    ]
    cases += [hidden_case(i, ARG_NAMES, args) for i, args in enumerate(drawn, start=1)]
    for case in cases:
        g = gradients(*case.args)
        case.expected = (g["w"], g["x"])
    return cases


def _normal(rng, b: int, d: int) -> tuple:
    scale = np.asarray(rng.choice([-1.5, -0.5, 0.25, 2.0, 3.0]))
    return scale, rng.normal(size=d), rng.normal(size=(b, d)), rng.normal(size=b)


def _with_zeros(rng) -> tuple:
    """A zero weight and a zero example: the gradient's zeros must be where they belong."""
    scale, w, x, y = _normal(rng, 3, 2)
    w[rng.integers(2)] = 0.0
    x[rng.integers(3)] = 0.0
    return scale, w, x, y


def _large(rng, b: int, d: int) -> tuple:
    """Gradients in the hundreds, so a clipped gradient fails. x > 0 and residuals of
    one sign keep x.T @ r free of cancellation, so float32 stays within tolerance; every
    entry of dloss/dw is at least 2 * 1.5 * 1 * 5 = 15 times B (45 at B=3)."""
    sign = rng.choice([-1.0, 1.0])
    scale = np.asarray(sign * rng.uniform(1.5, 3.0))
    w = rng.uniform(-3.0, 3.0, size=d)
    x = rng.uniform(1.0, 4.0, size=(b, d))
    residual = rng.choice([-1.0, 1.0]) * rng.uniform(5.0, 20.0, size=b)
    return scale, w, x, x @ w - residual


def name_entry(value, grads: dict) -> str | None:
    """Which argument's gradient `value` is, if any."""
    return next((name for name, g in grads.items() if matches(value, g)), None)


class ArgnumsOracle(Oracle):
    name = "argnums"
    misconceptions = MISCONCEPTIONS

    arg_names = ARG_NAMES

    def cases(self, seed: int) -> list[Case]:
        return make_cases(seed)

    def reference(self, *args):
        g = gradients(*args)
        return g["w"], g["x"]

    def diagnose_raised(self, message: str):
        if re.search(r"scalar-output", message):
            return MISCONCEPTIONS["non_scalar_loss"].diagnose()
        return None

    def diagnose(self, case: Case, got):
        grads = gradients(*case.args)
        if not isinstance(got, (tuple, list)):
            entry = name_entry(got, grads)
            if entry is not None:
                return MISCONCEPTIONS["single_gradient"].diagnose(
                    message=f"You returned only dloss/d{entry}, not the tuple (dloss/dw, dloss/dx)."
                )
            return None
        # named up to the first entry that is no gradient: naming every entry of a tuple
        # of 40,000 floats took seconds, for names no verdict shows
        names = []
        for value in got:
            names.append(name_entry(value, grads))
            if names[-1] is None:
                break
        if len(got) == 2 and names == ["x", "w"]:
            return MISCONCEPTIONS["swapped_order"].diagnose(
                message="You returned (dloss/dx, dloss/dw); the exercise asks for (dloss/dw, dloss/dx)."
            )
        if names and all(names):  # an empty tuple names nothing
            said = ", ".join(f"entry {i} is dloss/d{n}" for i, n in enumerate(names))
            if len(got) == 1:
                return MISCONCEPTIONS["single_gradient"].diagnose(
                    message=f"You returned a tuple with one gradient ({said})."
                )
            return MISCONCEPTIONS["wrong_argnums"].diagnose(
                message=f"Your tuple holds the wrong gradients: {said}. "
                "The exercise asks for (dloss/dw, dloss/dx)."
            )
        if len(got) == 2:
            return None
        return (
            MISCONCEPTIONS["single_gradient"].diagnose(
                message=f"Expected a tuple of two gradients, got {describe(got)}."
            )
            if len(got) == 1
            else None
        )
