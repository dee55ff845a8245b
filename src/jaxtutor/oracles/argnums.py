"""Oracle for `grad_w_and_x(scale, w, x, y)`: the gradients of
loss = scale * sum((x @ w - y) ** 2) with respect to w and x, as a tuple (dw, dx); a
variant of the task asks others (the setting `asked`: ["w", "y"] asks (dw, dy)).

A wrong answer is matched against the gradients with respect to every argument, so
the diagnosis can say which argument's gradient each returned entry is.
"""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case, Shape, hidden_case, range_shapes
from jaxtutor.oracles.interface import Misconception, Oracle
from jaxtutor.oracles.shrink import Size
from jaxtutor.oracles.values import describe, matches
from jaxtutor.runner.wire import Opaque

# argnums given as names on the line that raised: argnums=("w", "x") or argnums="w"
_ARGNUMS_NAMES = re.compile(r"argnums\s*=\s*(\(?\s*['\"][^)]*\)?|['\"]\w+['\"])")

ARG_NAMES = ("scale", "w", "x", "y")
_M = [
    Misconception(
        "wrong_argnums",
        "You differentiated with respect to the wrong arguments.",
        "argnums counts the positions of loss's parameters from 0, in the order "
        "loss(scale, w, x, y) lists them.",
    ),
    Misconception(
        "single_gradient",
        "You returned one gradient where two were asked for.",
        "With a single integer argnums, jax.grad returns one gradient; with a tuple of "
        "positions, a tuple of gradients, one per position.",
    ),
    Misconception(
        "swapped_order",
        "You returned both gradients, but in the wrong order.",
        "jax.grad returns the gradients in the order argnums lists the positions. The "
        "exercise asks for (dloss/dw, dloss/dx).",
    ),
    Misconception(
        "grad_not_called",
        "You returned the function jax.grad made, not the gradients it computes.",
        "jax.grad(f, argnums=...) returns a new function; the gradients come from calling "
        "it on the arguments.",
    ),
    Misconception(
        "value_and_grad_pair",
        "You returned value_and_grad's pair (loss value, gradients), not the gradients.",
        "jax.value_and_grad returns (value, gradients); the exercise asks for the "
        "gradients alone, as jax.grad gives them.",
    ),
    Misconception(
        "scale_applied_twice",
        "Your gradients are the expected ones times scale again: scale is counted twice.",
        "loss already multiplies by scale, so its gradients carry that factor once.",
    ),
    Misconception(
        "argnums_names",
        "You gave argnums the parameters' names; argnums takes their positions.",
        "argnums takes integers: the positions of the parameters, counted from 0.",
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


# -- cases ------------------------------------------------------------------------------
#
# The input space: B examples of D features, each from 1 up to far past the lesson's
# example (B to 48, D to 16), so no bound written into the code holds; scale over
# decades, from 1/4096 to 65536, of either sign; gradients from thousandths to over
# 100,000; and the edges: one example, one feature, a zero weight and a zero example,
# an exact fit (every residual 0) and a near one (every residual 2**-12).
# Every value is a multiple of 1/4 or 1/16, and scale a power of two: then float32 computes
# x @ w - y and x.T @ r exactly, whatever the shape and however the terms cancel, so
# the float64 reference is the learner's answer to the last bit. Each distinct (B, D)
# costs a compile of the learner's function, so a check draws three shapes: (1, 1), the
# edge, the largest and one between, beside the hand case's (3, 2).

LARGE = ((8, 48), (4, 16))


def shapes(rng) -> tuple[Shape, Shape, Shape]:
    """This check's (B, D): (1, 1), the edge of one example of one feature; the largest,
    (48, 16); and one drawn between (see range_shapes)."""
    return range_shapes(rng, LARGE)


def _grid(rng, low: float, high: float, size, step: float = 0.25) -> np.ndarray:
    return np.round(rng.uniform(low, high, size=size) / step) * step


def _scale(rng, low: int, high: int) -> np.ndarray:
    """±2**k, k in low..high: decades of scale, each exact in float32."""
    return np.asarray(rng.choice([-1.0, 1.0]) * 2.0 ** int(rng.integers(low, high + 1)))


def _normal(rng, b: int, d: int, low: int = -2, high: int = 2) -> tuple:
    w, x = _grid(rng, -2, 2, d), _grid(rng, -2, 2, (b, d))
    return _scale(rng, low, high), w, x, _grid(rng, -3, 3, b, 1 / 16)


def _with_zeros(rng, b: int, d: int) -> tuple:
    """A zero weight and a zero example: the gradient's zeros must be where they belong."""
    scale, w, x, y = _normal(rng, b, d)
    w[rng.integers(d)] = 0.0
    x[rng.integers(b)] = 0.0
    return scale, w, x, y


def _large(rng, b: int, d: int, low: int, high: int) -> tuple:
    """Gradients far above any clip: x > 0 and residuals of one sign, 5..20 in size, so
    every entry of dloss/dw is at least 2 * |scale| * 5 in size (over 100,000 for
    scale 2**14), and dloss/dx as large where w is."""
    w = _grid(rng, -3, 3, d)
    x = _grid(rng, 1, 4, (b, d))
    residual = rng.choice([-1.0, 1.0]) * _grid(rng, 5, 20, b)
    return _scale(rng, low, high), w, x, x @ w - residual


def _exact_fit(rng, b: int, d: int) -> tuple:
    """Targets exactly on the model, y = x @ w: every residual is 0, so both gradients
    are exactly 0 (the one drawn case they are). Told apart: a loss written with a norm,
    whose square root has no gradient at 0 (NaN)."""
    scale, w, x, _ = _normal(rng, b, d)
    return scale, w, x, x @ w


def _near_fit(rng, b: int, d: int) -> tuple:
    """Targets a hair off the model: every residual +-2**-12 (float32 still exact), so the
    gradients are in the ten-thousandths. Told apart: residuals under a threshold taken
    as 0 (an exact fit assumed below 1e-3)."""
    scale, w, x, _ = _normal(rng, b, d)
    return scale, w, x, x @ w - rng.choice([-1.0, 1.0], size=b) * 2.0**-12


def _telling(rng, asked, draw, *shape, **kw) -> tuple:
    """A draw of `draw` whose asked gradients are not all zero (one example on the grid
    can sit exactly on its target, or be zero): an answer of zeros must fail every case."""
    while True:
        args = draw(rng, *shape, **kw)
        g = gradients(*args)
        if any(np.any(g[name] != 0) for name in asked):
            return args


def make_cases(seed: int, asked: tuple[str, ...] = ("w", "x")) -> list[Case]:
    """The worked example, then hidden cases drawn from `seed` (see above)."""
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
    small, large, between = shapes(rng)
    drawn = [
        _telling(rng, asked, _normal, *small),
        _telling(rng, asked, _normal, *large),
        _telling(rng, asked, _with_zeros, *large),
        _telling(rng, asked, _normal, 3, 2),
        _telling(rng, asked, _normal, *small, low=-12, high=-8),  # gradients in the thousandths
        _telling(rng, asked, _large, *small, 2, 6),
        _telling(rng, asked, _large, *large, 14, 16),  # over 100,000
        _telling(rng, asked, _normal, *between),
        _telling(rng, asked, _with_zeros, *between),
    ]
    cases += [hidden_case(i, ARG_NAMES, args) for i, args in enumerate(drawn, start=1)]
    fit = "an exact fit, every residual 0: both gradients exactly 0"
    cases.append(hidden_case(len(drawn) + 1, ARG_NAMES, _exact_fit(rng, *between), what=fit))
    near = "a near fit, every residual 0.000244 in size"
    cases.append(hidden_case(len(drawn) + 2, ARG_NAMES, _near_fit(rng, *between), what=near))
    for case in cases:
        g = gradients(*case.args)
        case.expected = tuple(g[name] for name in asked)
    return cases


def name_entry(value, grads: dict) -> str | None:
    """Which argument's gradient `value` is, if any."""
    return next((name for name, g in grads.items() if matches(value, g)), None)


class ArgnumsOracle(Oracle):
    name = "argnums"
    misconceptions = MISCONCEPTIONS

    arg_names = ARG_NAMES
    # a gradient is linear in the loss's scale
    properties = ({"kind": "scale", "args": ["scale"], "factor": -3.0},)
    sizes = (Size("B", ((2, 0), (3, 0))), Size("D", ((1, 0), (2, 1))))
    rounded = (1, 2, 3)
    settings = {"asked": "the arguments whose gradients the tuple holds, in its order"}

    def __init__(self, asked=("w", "x")) -> None:
        if (
            not isinstance(asked, (list, tuple))
            or len(asked) < 2
            or len(set(asked)) != len(asked)
            or not set(asked) <= set(ARG_NAMES)
        ):
            raise ValueError(
                f"asked must list two or more of {', '.join(ARG_NAMES)}, each once; got {asked!r}"
            )
        self.asked = tuple(asked)
        self.said = f"({', '.join(f'dloss/d{n}' for n in self.asked)})"  # the asked tuple

    def cases(self, seed: int) -> list[Case]:
        return make_cases(seed, self.asked)

    def reference(self, *args):
        g = gradients(*args)
        return tuple(g[name] for name in self.asked)

    def diagnose_raised(self, message: str):
        if re.search(r"scalar-output", message):
            return MISCONCEPTIONS["non_scalar_loss"].diagnose()
        return None

    def diagnose_error(self, info: dict, source: str):
        frames = info.get("frames") or []
        line = frames[-1].get("text", "") if frames else ""
        names = _ARGNUMS_NAMES.search(line)
        if names and info.get("type") == "TypeError":  # argnums of strings, on that line
            return MISCONCEPTIONS["argnums_names"].diagnose(
                message=f"Your line {line.strip()!r} gives argnums the names "
                f"{names.group(1)}; argnums takes positions, and raised "
                f"{info.get('type')}: {info.get('message', '')[:120]}"
            )
        return self.diagnose_raised(info.get("message", ""))

    def diagnose_cases(self, cases: list[Case], answers: list, source: str = ""):
        """Gradients that are the expected ones times scale on every wrong case: scale
        counted twice, as each case's own scale shows."""
        wrong = [(c, a) for c, a in zip(cases, answers) if not matches(a, c.expected)]
        size = len(self.asked)
        if not wrong or not all(isinstance(a, (tuple, list)) and len(a) == size for _, a in wrong):
            return None
        # times scale only: a scale divided out is scale ignored, which the probe that
        # changes scale says more precisely
        if all(
            all(matches(a[k], c.expected[k] * float(c.args[0])) for k in range(size))
            for c, a in wrong
        ):
            c, a = wrong[0]
            return MISCONCEPTIONS["scale_applied_twice"].diagnose(
                message="Both your gradients are the expected ones times scale, on every "
                f'case you got wrong: on the case "{c.title(failed=True, brief=True)}", scale = '
                f"{float(c.args[0]):g}. scale is counted twice."
            )
        return None

    def diagnose(self, case: Case, got):
        grads = gradients(*case.args)
        if isinstance(got, Opaque):
            return (
                MISCONCEPTIONS["grad_not_called"].diagnose(
                    message=f"You returned a {got.type_name}, not the tuple {self.said}: "
                    "the function jax.grad made, not yet called."
                )
                if re.search(r"function|partial|Wrapped|jit", got.type_name)
                else None
            )
        if isinstance(got, (tuple, list)) and len(got) == 2:
            value = float(case.args[0]) * float(
                np.sum((case.args[2] @ case.args[1] - case.args[3]) ** 2)
            )
            if matches(got[0], np.asarray(value)) and isinstance(got[1], (tuple, list)):
                inner = [name_entry(v, grads) for v in got[1]]
                said = ", ".join(f"dloss/d{n}" if n else "?" for n in inner)
                return MISCONCEPTIONS["value_and_grad_pair"].diagnose(
                    message=f"You returned a pair whose entry 0 is the loss value, "
                    f'{value:g}, on the case "{case.title(failed=True, brief=True)}", and whose entry '
                    f"1 is ({said}): value_and_grad's (value, gradients)."
                )
        if not isinstance(got, (tuple, list)):
            entry = name_entry(got, grads)
            if entry is not None:
                return MISCONCEPTIONS["single_gradient"].diagnose(
                    message=f"You returned only dloss/d{entry}, not the tuple {self.said}."
                )
            return None
        # named up to the first entry that is no gradient: naming every entry of a tuple
        # of 40,000 floats took seconds, for names no verdict shows
        names = []
        for value in got:
            names.append(name_entry(value, grads))
            if names[-1] is None:
                break
        # every asked gradient, in another order (the answer is wrong, so not this one)
        if len(names) == len(self.asked) and sorted(n or "" for n in names) == sorted(self.asked):
            said = ", ".join(f"dloss/d{n}" for n in names)
            return MISCONCEPTIONS["swapped_order"].diagnose(
                message=f"You returned ({said}); the exercise asks for {self.said}.",
                hint="jax.grad returns the gradients in the order argnums lists the "
                f"positions. The exercise asks for {self.said}.",
            )
        if names and all(names):  # an empty tuple names nothing
            said = ", ".join(f"entry {i} is dloss/d{n}" for i, n in enumerate(names))
            if len(got) == 1:
                return MISCONCEPTIONS["single_gradient"].diagnose(
                    message=f"You returned a tuple with one gradient ({said})."
                )
            return MISCONCEPTIONS["wrong_argnums"].diagnose(
                message=f"Your tuple holds the wrong gradients: {said}. "
                f"The exercise asks for {self.said}."
            )
        if len(got) == len(self.asked):
            return None
        return (
            MISCONCEPTIONS["single_gradient"].diagnose(
                message=f"Expected a tuple of {len(self.asked)} gradients, got {describe(got)}."
            )
            if len(got) == 1
            else None
        )
