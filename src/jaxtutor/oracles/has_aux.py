"""Oracle for `train_step(params, x, y, lr)`: one gradient-descent step of logistic
regression, returning (new_params, loss, accuracy) with loss and accuracy measured at
the incoming params.

The reference is float64 NumPy with the gradient worked out by hand. A wrong answer is
taken apart: each leaf of new_params is matched against the ways an update can go wrong
(ascent, no step, no learning rate), and each scalar output against the loss and the
accuracy before and after the step, so the diagnosis can say what the outputs are instead.
"""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.interface import Misconception, Oracle
from jaxtutor.oracles.shrink import Size
from jaxtutor.oracles.values import fmt, matches

_M = [
    Misconception(
        "missing_has_aux",
        "You differentiated loss_and_accuracy without has_aux=True, so JAX tried "
        "to differentiate the whole pair (loss, accuracy).",
        "loss_and_accuracy returns (loss, accuracy). Pass has_aux=True to "
        "jax.value_and_grad so it differentiates only the loss and carries the "
        "accuracy along.",
    ),
    Misconception(
        "aux_not_a_pair",
        "With has_aux=True the function you differentiate must return exactly a pair (loss, aux).",
        "Differentiate loss_and_accuracy itself, which already returns the pair "
        "(loss, accuracy); do not wrap it in a function that returns only the loss "
        "or more than two things.",
    ),
    Misconception(
        "torch_order_unpacking",
        "You unpacked value_and_grad's result in PyTorch's order, grads, (loss, "
        "accuracy). JAX gives ((loss, accuracy), grads), so your `grads` holds the "
        "pair (loss, accuracy) and your loss and accuracy hold the dict's keys.",
        "jax.value_and_grad with has_aux=True returns ((value, aux), gradients): the "
        "value and aux come first, the gradients second.",
    ),
    Misconception(
        "grad_has_aux_pair",
        "jax.grad with has_aux=True returns the pair (grads, accuracy), and you "
        "used that whole pair as the gradients.",
        "With has_aux=True, jax.grad returns a pair (gradients, aux): only its first "
        "entry is the gradients (jax.value_and_grad gives the loss as well).",
    ),
    Misconception(
        "argnums_not_params",
        "Your argnums makes value_and_grad differentiate with respect to another "
        "argument than params, so `grads` is an array, not a dict like params.",
        "has_aux and argnums are independent: keep the default argnums=0, which "
        'is params, and has_aux=True. grads then has the keys "w" and "b".',
    ),
    Misconception(
        "gradient_ascent",
        "Your step moves the params up the gradient, which makes the loss larger.",
        "Gradient descent subtracts: new = old - lr * grad, for both w and b.",
    ),
    Misconception(
        "no_update",
        "Your new params are the incoming params: no step was taken.",
        "The step builds new params from the gradients value_and_grad gave you; "
        "return those, not the params you were given.",
    ),
    Misconception(
        "no_learning_rate",
        "Your step subtracts the whole gradient, without multiplying by lr.",
        "A descent step is the gradient scaled by the learning rate lr.",
    ),
    Misconception(
        "partial_update",
        "You updated only one of the two parameters.",
        "grads is a dict with the same keys as params: update both "
        "params['w'] and params['b'] (jax.tree.map does every leaf at once).",
    ),
    Misconception(
        "loss_after_update",
        "You reported the loss and accuracy at the updated params.",
        "Return the (loss, accuracy) that value_and_grad gave you: they are "
        "measured at the incoming params, before the step. No second call needed.",
    ),
    Misconception(
        "swapped_outputs",
        "You returned the loss and the accuracy in the wrong order.",
        "value_and_grad with has_aux=True gives ((loss, accuracy), grads). Return "
        "(new_params, loss, accuracy), in that order.",
    ),
    Misconception(
        "nested_outputs",
        "You returned (new_params, (loss, accuracy)): the pair is still packed.",
        "The exercise asks for three values side by side: new_params, loss, accuracy; "
        "unpack the (loss, accuracy) pair first.",
    ),
]
MISCONCEPTIONS = {m.id: m for m in _M}

_ORDINAL = {1: "second", 2: "third"}
# JAX quotes a non-scalar output: "Output was (" means the whole (loss, accuracy) pair
_TUPLE_NOT_SCALAR = re.compile(r"scalar-output functions\. Output was \(")
_AUX_NOT_PAIR = re.compile(
    r"aux output to return a two-element tuple, but got type "
    r"<class '([\w.]+)'>"
)


# what the learner's file does, read as text (comments dropped): the evidence beside an error
_TORCH_ORDER = re.compile(
    r"^\s*\w+\s*,\s*\(\s*\w+\s*,\s*\w+\s*\)\s*=\s*"
    r"(jax\.)?value_and_grad\(",
    re.M,
)
_GRAD_PAIR = re.compile(r"^\s*\w+\s*=\s*(jax\.)?grad\([^\n]*has_aux\s*=\s*True", re.M)
_OTHER_ARGNUMS = re.compile(r"value_and_grad\([^\n]*argnums\s*=\s*\(?\s*([1-9])")


def _code(source: str) -> str:
    return re.sub(r"#[^\n]*", "", source)


# -- the reference, in float64 NumPy ---------------------------------------------------


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))  # never overflows


def loss_and_accuracy(w, b, x, y) -> tuple[np.ndarray, np.ndarray]:
    logits = x @ w + b
    loss = np.mean(np.logaddexp(0.0, logits) - y * logits)
    return np.asarray(loss), np.asarray(np.mean((logits > 0) == (y > 0.5)))


def gradients(w, b, x, y) -> tuple[np.ndarray, np.ndarray]:
    """d loss / d logits is (sigmoid(logits) - y) / B; chain through x @ w + b."""
    r = (_sigmoid(x @ w + b) - y) / len(y)
    return x.T @ r, np.asarray(np.sum(r))


def train_step(params, x, y, lr):
    w, b = params["w"], params["b"]
    gw, gb = gradients(w, b, x, y)
    loss, acc = loss_and_accuracy(w, b, x, y)
    return {"w": w - lr * gw, "b": b - lr * gb}, loss, acc


# -- cases ------------------------------------------------------------------------------
#
# The input space: B examples of D features, each from 1 up to far past the lesson's
# example (B to 48, D to 16); inputs from tenths to tens; learning rates log-uniform
# over four decades, 0.001 to 10, so a capped or hard-coded one fails; and the edges: one
# example, one feature, every example predicted right (accuracy 1) or wrong. Each
# distinct (B, D) costs a compile of the learner's function, so a check draws two
# shapes: (1, 1), the edge, and a large one, beside the hand case's (4, 2).

ARG_NAMES = ("params", "x", "y", "lr")
LARGE = ((8, 48), (4, 16))
LR = (1e-3, 10.0)


def shapes(rng) -> tuple[tuple[int, int], tuple[int, int]]:
    """This check's two drawn (B, D): the edge of one example of one feature, (1, 1),
    on every check, and a large one."""
    (b_low, b_high), (d_low, d_high) = LARGE
    return (1, 1), (int(rng.integers(b_low, b_high + 1)), int(rng.integers(d_low, d_high + 1)))


def _lr(rng, low: float = LR[0], high: float = LR[1]) -> float:
    """Log-uniform, to 3 significant digits; never 1, where a step without lr looks right."""
    while True:
        lr = float(f"{np.exp(rng.uniform(np.log(low), np.log(high))):.3g}")
        if lr != 1.0:
            return lr


def _random_args(rng, b: int, d: int, x_scale: float = 1.0, margin: float = 0.05):
    """Random params and data whose logits keep `margin` from 0, so float32 and float64
    agree on every prediction (accuracy thresholds at exactly 0)."""
    while True:
        w, bias = rng.normal(size=d), np.asarray(rng.normal())
        x = x_scale * rng.normal(size=(b, d))
        y = rng.integers(0, 2, size=b).astype(np.float64)
        if np.min(np.abs(x @ w + bias)) > margin:
            return {"w": w, "b": bias}, x, y


def _all_right(rng, b: int, d: int):
    """The edge where every prediction is right: accuracy 1 (or 0, every one wrong)."""
    params, x, _ = _random_args(rng, b, d)
    right = (x @ params["w"] + params["b"] > 0).astype(np.float64)
    return params, x, right if rng.random() < 0.75 else 1.0 - right


def _large(rng, b: int, d: int):
    """A gradient of at least 39 in every entry, so a clipped one fails: the first
    example is predicted wrong, with |x| at least 40 * B, and the others right. Its
    logit, at least 5 from 0, keeps sigmoid's slope small, so float32's rounding of the
    inputs cannot move the gradient; the others are of size 1, so the loss adds no
    large terms that cancel."""
    while True:
        params, x, y = _random_args(rng, b, d)
        x[0] = np.sign(x[0]) * np.maximum(np.abs(x[0]), 40.0 * b)
        logits = x @ params["w"] + params["b"]
        if abs(logits[0]) > 5.0 and np.min(np.abs(logits)) > 0.05:
            y = (logits > 0).astype(np.float64)
            y[0] = float(logits[0] < 0)
            return params, x, y


def make_cases(seed: int) -> list[Case]:
    """The hand example, then hidden cases drawn from `seed` (see above)."""
    rng = np.random.default_rng(seed)
    hand = (
        {"w": np.array([0.5, -1.0]), "b": np.asarray(0.25)},
        np.array([[2.0, 1.0], [1.0, -1.0], [-1.0, 0.5], [0.5, 1.0]]),
        np.array([1.0, 0.0, 0.0, 0.0]),
        0.5,
    )
    cases = [Case("small example: B=4, D=2, lr=0.5", hand, None)]
    small, large = shapes(rng)
    drawn = [
        (*_random_args(rng, *small), _lr(rng)),
        (*_random_args(rng, *large), _lr(rng)),
        (*_random_args(rng, 4, 2), _lr(rng)),
        (*_random_args(rng, *large), _lr(rng, 3.0, 10.0)),  # above any cap at 2
        (*_random_args(rng, *small, x_scale=0.1, margin=0.005), _lr(rng)),
        (*_all_right(rng, *small), _lr(rng)),
        (*_large(rng, *small), _lr(rng, 1e-3, 0.1)),
        (*_large(rng, *large), _lr(rng, 1e-3, 0.1)),
    ]
    cases += [hidden_case(i, ARG_NAMES, args) for i, args in enumerate(drawn, start=1)]
    for case in cases:
        case.expected = train_step(*case.args)
    return cases


# -- what a wrong answer is instead -----------------------------------------------------


def _leaf_kind(got, old, grad, lr) -> str | None:
    """What one returned parameter is, in terms of the incoming one and its gradient."""
    candidates = {
        "descent": old - lr * grad,
        "ascent": old + lr * grad,
        "unchanged": old,
        "no_lr": old - grad,
    }
    return next((k for k, v in candidates.items() if matches(got, v)), None)


def _update_finding(new_params, case: Case):
    if not isinstance(new_params, dict) or set(new_params) != {"w", "b"}:
        return None
    params, x, y, lr = case.args
    grads = dict(zip(("w", "b"), gradients(params["w"], params["b"], x, y)))
    kinds = {k: _leaf_kind(new_params[k], params[k], grads[k], lr) for k in ("w", "b")}
    values = set(kinds.values())
    if "ascent" in values:
        which = " and ".join(k for k in ("w", "b") if kinds[k] == "ascent")
        return MISCONCEPTIONS["gradient_ascent"].diagnose(
            message=f"Your new {which} = old + lr * grad: that climbs the loss instead of "
            "descending it."
        )
    if values == {"unchanged"}:
        return MISCONCEPTIONS["no_update"].diagnose()
    if values == {"no_lr"}:
        return MISCONCEPTIONS["no_learning_rate"].diagnose()
    if values == {"descent", "unchanged"}:
        done, left = ("w", "b") if kinds["w"] == "descent" else ("b", "w")
        return MISCONCEPTIONS["partial_update"].diagnose(
            message=f"You updated only {done}: your new {left} is the incoming {left}, unchanged."
        )
    return None


def _output_names(got_outputs, case: Case) -> list[str | None]:
    """Name each returned scalar: the loss or accuracy before or after the step."""
    params, x, y, _ = case.args
    new_params = case.expected[0]
    before = loss_and_accuracy(params["w"], params["b"], x, y)
    after = loss_and_accuracy(new_params["w"], new_params["b"], x, y)
    candidates = {
        "the loss": before[0],
        "the accuracy": before[1],
        "the loss at the updated params": after[0],
        "the accuracy at the updated params": after[1],
    }
    return [next((n for n, v in candidates.items() if matches(g, v)), None) for g in got_outputs]


def _outputs_finding(got_outputs, case: Case):
    names = _output_names(got_outputs, case)
    if (
        names[0] is not None
        and names[0].startswith("the accuracy")
        and (names[1] is None or names[1].startswith("the loss"))
    ):
        said = f"Your second output is {names[0]}, {fmt(got_outputs[0])}, not the loss"
        if names[1] is not None:
            said += f"; your third is {names[1]}, {fmt(got_outputs[1])}"
        return MISCONCEPTIONS["swapped_outputs"].diagnose(message=said + ".")
    late = [i for i, n in enumerate(names) if n is not None and n.endswith("updated params")]
    if late:
        loss, acc = case.expected[1], case.expected[2]
        said = "; ".join(
            f"your {_ORDINAL[i + 1]} output, {fmt(got_outputs[i])}, is {names[i]}" for i in late
        )
        return MISCONCEPTIONS["loss_after_update"].diagnose(
            message=f"{said[0].upper()}{said[1:]}. The exercise asks for the values at the "
            f"incoming params: loss {fmt(loss)}, accuracy {fmt(acc)}."
        )
    return None


def diagnose(case: Case, got):
    """The misconception behind a wrong answer to `case`, or None."""
    if not isinstance(got, (tuple, list)):
        return None
    if len(got) == 2 and isinstance(got[1], (tuple, list)) and len(got[1]) == 2:
        return MISCONCEPTIONS["nested_outputs"].diagnose()
    if len(got) != 3:
        return None
    findings = [f for f in (_update_finding(got[0], case), _outputs_finding(got[1:], case)) if f]
    if not findings:
        return None
    first = findings[0]
    if len(findings) > 1:  # say both; the hint aims at the first
        first.message += f" Also: {findings[1].message}"
    return first


class HasAuxOracle(Oracle):
    name = "has_aux"
    misconceptions = MISCONCEPTIONS

    arg_names = ARG_NAMES
    # the loss and the accuracy are means over the examples: their order changes nothing
    properties = ({"kind": "reorder", "args": ["x", "y"], "output": "same"},)
    sizes = (Size("B", ((1, 0), (2, 0))), Size("D", (((0, "w"), 0), (1, 1))))
    rounded = (1,)

    def cases(self, seed: int) -> list[Case]:
        return make_cases(seed)

    def reference(self, *args):
        return train_step(*args)

    def in_space(self, args: tuple) -> bool:
        """Rounder inputs must keep every logit off 0, as the drawn ones do: float32 and
        float64 then agree on each prediction."""
        params, x, _, _ = args
        return bool(np.min(np.abs(x @ params["w"] + params["b"]), initial=1.0) > 0.005)

    def diagnose(self, case: Case, got):
        return diagnose(case, got)

    def diagnose_error(self, info: dict, source: str):
        message = info.get("message", "")
        code = _code(source)
        grads_is_tuple = (
            "tuple indices must be integers or slices, not str" in message
            or re.search(r"prefix pytree.*dict.*full pytree.*tuple", message, re.S)
        )
        if grads_is_tuple and _TORCH_ORDER.search(code):
            return MISCONCEPTIONS["torch_order_unpacking"].diagnose()
        if grads_is_tuple and _GRAD_PAIR.search(code):
            return MISCONCEPTIONS["grad_has_aux_pair"].diagnose()
        if re.search(r"does not support string indexing|Only integers, slices", message) and (
            other := _OTHER_ARGNUMS.search(code)
        ):
            position = other.group(1)
            return MISCONCEPTIONS["argnums_not_params"].diagnose(
                message=f"Your argnums={position} makes value_and_grad differentiate with "
                f"respect to {ARG_NAMES[int(position)] if int(position) < 3 else 'lr'}"
                ", not params, so `grads` is an array, not a dict like params."
            )
        return self.diagnose_raised(message)

    @staticmethod
    def diagnose_raised(message: str):
        if _TUPLE_NOT_SCALAR.search(message):
            return MISCONCEPTIONS["missing_has_aux"].diagnose()
        if m := _AUX_NOT_PAIR.search(message):
            what = (
                "a tuple with other than two entries"
                if m.group(1) in ("tuple", "list")
                else "a single value, not a pair"
            )
            return MISCONCEPTIONS["aux_not_a_pair"].diagnose(
                message=f"With has_aux=True the function you differentiate must return a pair "
                f"(loss, aux); yours returned {what}."
            )
        return None
