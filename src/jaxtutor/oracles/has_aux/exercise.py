"""The exercise: its float64 NumPy reference, with the gradient worked out by hand, and
its cases."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.cases import Case, Shape, hidden_case, range_shapes

# -- the reference, in float64 NumPy ---------------------------------------------------


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))  # never overflows


# `penalty`: a variant's weight decay, penalty * sum(w ** 2) added to the loss (the
# lesson's task has none)


def loss_and_accuracy(w, b, x, y, penalty: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    logits = x @ w + b
    loss = np.mean(np.logaddexp(0.0, logits) - y * logits) + penalty * np.sum(w**2)
    return np.asarray(loss), np.asarray(np.mean((logits > 0) == (y > 0.5)))


def gradients(w, b, x, y, penalty: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """d loss / d logits is (sigmoid(logits) - y) / B; chain through x @ w + b."""
    r = (_sigmoid(x @ w + b) - y) / len(y)
    return x.T @ r + 2 * penalty * w, np.asarray(np.sum(r))


def train_step(params, x, y, lr, *, penalty: float = 0.0):
    w, b = params["w"], params["b"]
    gw, gb = gradients(w, b, x, y, penalty)
    loss, acc = loss_and_accuracy(w, b, x, y, penalty)
    return {"w": w - lr * gw, "b": b - lr * gb}, loss, acc


# -- cases ------------------------------------------------------------------------------
#
# The input space: B examples of D features, each from 1 up to far past the lesson's
# example (B to 48, D to 16); inputs from tenths to tens; learning rates log-uniform
# over four decades, 0.001 to 10, so a capped or hard-coded one fails; and the edges: one
# example, one feature, every example predicted right (accuracy 1) or wrong, a logit
# exactly 0 and logits of +-1e-6 (the accuracy's comparison), logits past float32's exp.
# Each distinct (B, D) costs a compile of the learner's function, so a check draws three
# shapes: (1, 1), the largest and one between, beside the hand case's (4, 2).

ARG_NAMES = ("params", "x", "y", "lr")
LARGE = ((8, 48), (4, 16))
LR = (1e-3, 10.0)


def shapes(rng) -> tuple[Shape, Shape, Shape]:
    """This check's (B, D): (1, 1), the edge of one example of one feature; the largest,
    (48, 16); and one drawn between (see range_shapes)."""
    return range_shapes(rng, LARGE)


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


def _zero_logit(rng, b: int, d: int):
    """The edge of the accuracy's comparison: one example's logit exactly 0 (its inputs
    and the bias 0, in float32 too), predicted as class 0, beside others kept from 0."""
    params, x, y = _random_args(rng, b, d)
    params["b"] = np.asarray(0.0)
    while np.min(np.abs(x[1:] @ params["w"])) <= 0.05:
        x[1:] = rng.normal(size=(b - 1, d))
    x[rng.integers(b)] = 0.0
    return params, x, y


def _bias_free_args(rng, b: int, d: int):
    """Random args with the bias 0, so that an example's logit is its inputs' alone;
    inputs drawn again until every logit is still kept from 0."""
    params, x, y = _random_args(rng, b, d)
    params["b"] = np.asarray(0.0)
    while np.min(np.abs(x @ params["w"])) <= 0.05:
        x = rng.normal(size=(b, d))
    return params, x, y


def _tiny_logits(rng, b: int, d: int):
    """Both sides of the accuracy's comparison, closer than any epsilon a learner might
    add: one example's logit about +1e-6 and another's about -1e-6 (only one input and
    the bias nonzero, so float32 keeps each sign), beside others kept from 0."""
    params, x, y = _bias_free_args(rng, b, d)
    w0 = params["w"][0]
    for row, sign in zip(rng.permutation(b)[:2], (1.0, -1.0)):
        x[row] = 0.0
        x[row, 0] = sign * np.sign(w0) * 1e-6 / max(abs(w0), 0.1)
    return params, x, y


def _far_logits(rng, b: int, d: int):
    """Logits of 100 to 300 in size, where exp overflows float32: softplus written as
    log(1 + exp(z)) gives inf. Labels mostly right, as after training."""
    params, x, _ = _bias_free_args(rng, b, d)  # scaling an example's inputs scales its logit
    x = x * (rng.uniform(100.0, 300.0, size=(b, 1)) / np.abs(x @ params["w"])[:, None])
    logits = x @ params["w"]
    y = (logits > 0).astype(np.float64)
    y[0] = 1.0 - y[0]
    return params, x, y


def make_cases(seed: int, penalty: float = 0.0) -> list[Case]:
    """The hand example, then hidden cases drawn from `seed` (see above)."""
    rng = np.random.default_rng(seed)
    hand = (
        {"w": np.array([0.5, -1.0]), "b": np.asarray(0.25)},
        np.array([[2.0, 1.0], [1.0, -1.0], [-1.0, 0.5], [0.5, 1.0]]),
        np.array([1.0, 0.0, 0.0, 0.0]),
        0.5,
    )
    cases = [Case("small example: B=4, D=2, lr=0.5", hand, None)]
    small, large, between = shapes(rng)
    drawn = [
        (*_random_args(rng, *small), _lr(rng)),
        (*_random_args(rng, *large), _lr(rng)),
        (*_random_args(rng, 4, 2), _lr(rng)),
        (*_random_args(rng, *large), _lr(rng, 3.0, 10.0)),  # above any cap at 2
        (*_random_args(rng, *small, x_scale=0.1, margin=0.005), _lr(rng)),
        (*_all_right(rng, *small), _lr(rng)),
        (*_large(rng, *small), _lr(rng, 1e-3, 0.1)),
        (*_large(rng, *large), _lr(rng, 1e-3, 0.1)),
        (*_zero_logit(rng, *large), _lr(rng)),
        (*_far_logits(rng, *large), _lr(rng, 1e-3, 0.1)),
        (*_random_args(rng, *between), _lr(rng)),
        (*_all_right(rng, *between), _lr(rng)),
        (*_tiny_logits(rng, *large), _lr(rng)),
    ]
    cases += [hidden_case(i, ARG_NAMES, args) for i, args in enumerate(drawn, start=1)]
    for case in cases:
        case.expected = train_step(*case.args, penalty=penalty)
    return cases
