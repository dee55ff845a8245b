"""The scan_training_step exercise: its misconceptions, its float64 NumPy reference and
the mutants of it, and its cases."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.cases import Case, Shape, hidden_case, range_shapes
from jaxtutor.oracles.interface import Misconception

# several float32 steps in the learner's process against a float64 reference
RTOL, ATOL = 5e-4, 5e-5
# a learner's version of a mutant is float32 too; mutants differ by far more than this
MUTANT_RTOL, MUTANT_ATOL = 2e-3, 2e-4
STRUCTURE_TEST = "uses lax.scan over the batches"
COMPOSITION_TEST = "property: training in two parts ends where training at once does"

_M = [
    Misconception(
        "sum_at_initial_weight",
        "Your final weight is the starting weight minus lr times the sum of every "
        "batch's gradient at the starting weight: each step's gradient must be taken at "
        "the weight the step before produced.",
        "Each step must see the weight the previous step produced. Make the weight the "
        "scan's carry: the body computes the gradient at the carry and returns the updated "
        "weight as the new carry.",
    ),
    Misconception(
        "reused_first_row",
        "Every step used the first batch (x_batches[0], y_batches[0]) instead of the next one.",
        "Pass both batch arrays to lax.scan as its xs: the body then receives row i at "
        "step i; do not index x_batches inside the body.",
    ),
    Misconception(
        "mean_instead_of_sum",
        "Your gradient is the mean over the batch, not the sum: each step is B times too small.",
        "The loss is sum((w*x - y)**2), so the gradient is 2*sum((w*x - y)*x). Use jnp.sum "
        "where you used jnp.mean.",
    ),
    Misconception(
        "returned_history",
        "You returned the weight after every step, not only the final weight.",
        "The exercise asks for the last weight only. lax.scan returns (final_carry, "
        "stacked_outputs): return the carry, and let the body output None.",
    ),
    Misconception(
        "sign_flipped",
        "Your weight moves uphill: you added the gradient instead of subtracting it.",
        "Gradient descent steps against the gradient: new_w = w - lr * gradient.",
    ),
    Misconception(
        "no_scan",
        "Your function does not use lax.scan over the batches.",
        "Write one training step as a body function step(w, batch) -> (new_w, None) and "
        "run it with lax.scan, the weight as its carry and the batches as its xs: the body "
        "uses only the batch it is handed. A Python for loop, or a "
        "fori_loop, while_loop or scan over an index that reads x_batches[i], is not "
        "what this exercise practises.",
    ),
    Misconception(
        "reversed_order",
        "You took the batches from last to first.",
        "Updates are sequential, so their order matters. Scan over (x_batches, y_batches) "
        "as they are, without reverse=True and without flipping the arrays.",
    ),
    Misconception(
        "not_scalar",
        "You returned an array with a shape, where a scalar weight (shape ()) was asked for.",
        "Start the carry from w itself (a scalar) and return the final carry as it is, "
        "without wrapping, reshaping or broadcasting it.",
    ),
    Misconception(
        "returned_scan_pair",
        "You returned the whole pair that lax.scan gives back, (final_carry, outputs).",
        "lax.scan returns a pair (final carry, stacked outputs); the final weight is "
        "its first entry.",
    ),
    Misconception(
        "carry_mismatch",
        "The weight your scan body returns as the new carry does not have the type of the "
        "weight it received.",
        "The carry must keep one shape and dtype: a scalar in, a scalar out. The gradient "
        "of the batch's loss with respect to w has w's shape, (): print the shape of each "
        "value your step computes on that case to find where it is lost.",
    ),
    Misconception(
        "loss_not_summed",
        "The loss you differentiate returns one value per example instead of one number.",
        "jax.grad needs a scalar loss: sum the batch's squared errors with jnp.sum, so the "
        "loss has shape ().",
    ),
    Misconception(
        "missing_lr",
        "Your update ignores the learning rate: it subtracts the whole gradient.",
        "Scale the step: new_w = w - lr * gradient. The body can use lr from the enclosing "
        "function.",
    ),
    Misconception(
        "missing_factor_two",
        "Your gradient is half the right size: the factor 2 from the square is missing.",
        "The derivative of (w*x - y)**2 with respect to w is 2*(w*x - y)*x. Or let "
        "jax.grad derive it from the loss for you.",
    ),
    Misconception(
        "missing_factor_x",
        "Your weights are those of the gradient 2*sum(w*x - y): the factor x that the chain "
        "rule brings down from w*x is missing.",
        "The derivative of (w*x - y)**2 with respect to w is 2*(w*x - y)*x: each error is "
        "multiplied by its own x before the sum. Or let jax.grad derive it from the loss.",
    ),
    Misconception(
        "started_from_zero",
        "Your scan starts from 0.0, not from the w you were given.",
        "lax.scan's second argument is the carry's starting value: here, the weight "
        "training starts from.",
    ),
    Misconception(
        "hard_coded_lr",
        "Your steps use a fixed learning rate of 0.1, not the lr you were given.",
        "Use the lr argument in the step: new_w = w - lr * gradient. The body can read lr "
        "from scan_training_step's arguments.",
    ),
    Misconception(
        "all_batches_each_step",
        "Every step takes the gradient over all the batches together, not over its own batch.",
        "Inside the step use the batch the scan hands you: x, y = batch. x_batches and "
        "y_batches hold every batch at once.",
    ),
    Misconception(
        "batch_not_unpacked",
        "Your step passes the batch on as one argument where your loss takes x and y separately.",
        "The scan hands the step the pair (x_batches[i], y_batches[i]) as one value: "
        "unpack it first, x, y = batch, then call the loss with x and y.",
    ),
    Misconception(
        "carry_with_lr",
        "You returned the whole carry (w, lr): the learning rate rode along in the carry.",
        "Only the weight changes from step to step, so let it alone be the carry and read lr "
        "from the enclosing function.",
    ),
    Misconception(
        "python_number_result",
        "Your function turns the weight into a Python number (.item() or float()), so it "
        "cannot be compiled with jax.jit and its lax.scan cannot be seen.",
        "Return the array itself, final_w: a JAX array already prints and compares like a "
        "number. Inside jit (and inside scan) there is no number yet to turn it into.",
    ),
    Misconception(
        "parts_differ",
        "Training on the batches in two parts, the second part starting from the weight "
        "the first part ended at, does not end where training on all of them at once ends.",
        "Each step may use only the weight it is given and its own batch: no bound on how "
        "many batches are read, no count of the steps in the update. Scan over (x_batches, "
        "y_batches) as they are, however many rows they have.",
    ),
    Misconception(
        "carry_never_updated",
        "Your result is the w you were given, on every case: the weight your function "
        "returns never changes.",
        "lax.scan's body returns a pair (new_carry, output): the carry after the last "
        "step is the first entry the body returned. Look at what your body puts first.",
    ),
    Misconception(
        "step_per_example",
        "You took one step per example, one example after another, not one step per "
        "batch: each batch's B examples moved w B times.",
        "A row of x_batches is one batch: the body takes the whole row and steps once, "
        "with the gradient of the batch's summed loss. Scan over the rows, not over the "
        "examples flattened out of them.",
    ),
    Misconception(
        "gradient_not_retaken",
        "Every step on a batch uses the gradient at the weight the batch started from.",
        "Take each step's gradient at the weight the step before it gave: compute the "
        "gradient again after the first update, from the new w.",
    ),
    Misconception(
        "one_step_short",
        "Your result is the weight before the last batch's step: on every case it equals "
        "the expected weight after N - 1 steps, so every step is right but the last one's "
        "update is not in what you return.",
        "Return the scan's final carry: it is the weight after the last step. What the body "
        "outputs at a step is stacked as it was then, so an output of the weight the body "
        "was given holds the weight before each step.",
    ),
    Misconception(
        "wrong_update",
        "Your weights leave the expected ones, in a way the tutor does not recognise.",
        "Work out the highlighted step by hand: gradient = 2*sum((w*x - y)*x) at the "
        "current weight, then new_w = w - lr*gradient, and compare with your body.",
    ),
]
MISCONCEPTIONS = {m.id: m for m in _M}


# -- the reference and its mutants (float64 NumPy) ------------------------------------


def gradient(w, x, y) -> float:
    return float(2 * np.sum((w * x - y) * x))


def trajectory(
    w, lr, xs, ys, grad=gradient, sign=-1.0, *, repeat: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """The gradient at each step and the weight after it; `repeat` steps on each batch
    (a variant's), their gradients summed."""
    w = float(w)
    grads, weights = [], []
    for x, y in zip(xs, ys):
        g = 0.0
        for _ in range(repeat):
            g_now = grad(w, x, y)
            w = w + sign * float(lr) * g_now
            g += g_now
        grads.append(g)
        weights.append(w)
    return np.array(grads), np.array(weights)


def reference(w, lr, xs, ys, *, repeat: int = 1) -> np.ndarray:
    return np.asarray(trajectory(w, lr, xs, ys, repeat=repeat)[1][-1])


def _final(**kwargs):
    return lambda w, lr, xs, ys: np.asarray(trajectory(w, lr, xs, ys, **kwargs)[1][-1])


# what each misconception returns, for scalar-returning mistakes
MUTANTS = {
    "sum_at_initial_weight": lambda w, lr, xs, ys: np.asarray(
        float(w) - float(lr) * sum(gradient(float(w), x, y) for x, y in zip(xs, ys))
    ),
    "reused_first_row": lambda w, lr, xs, ys: reference(
        w, lr, np.repeat(xs[:1], len(xs), 0), np.repeat(ys[:1], len(ys), 0)
    ),
    "mean_instead_of_sum": _final(grad=lambda w, x, y: float(2 * np.mean((w * x - y) * x))),
    "sign_flipped": _final(sign=1.0),
    "reversed_order": lambda w, lr, xs, ys: reference(w, lr, xs[::-1], ys[::-1]),
    "missing_lr": lambda w, lr, xs, ys: reference(w, 1.0, xs, ys),
    "missing_factor_two": _final(grad=lambda w, x, y: float(np.sum((w * x - y) * x))),
    "missing_factor_x": _final(grad=lambda w, x, y: float(2 * np.sum(w * x - y))),
    "started_from_zero": lambda w, lr, xs, ys: reference(0.0, lr, xs, ys),
    "hard_coded_lr": lambda w, lr, xs, ys: reference(w, 0.1, xs, ys),
    "step_per_example": lambda w, lr, xs, ys: reference(
        w, lr, np.reshape(xs, (-1, 1)), np.reshape(ys, (-1, 1))
    ),
    "one_step_short": lambda w, lr, xs, ys: (
        np.asarray(float(w)) if len(xs) == 1 else reference(w, lr, xs[:-1], ys[:-1])
    ),
    "all_batches_each_step": lambda w, lr, xs, ys: np.asarray(
        trajectory(w, lr, xs, ys, grad=lambda w, x, y: gradient(w, xs, ys))[1][-1]
    ),
}


# -- cases ----------------------------------------------------------------------------
#
# The input space: N batches of B examples, each from 1 up to far past anything the
# lesson shows (N to 48, B to 32), so no bound a learner writes into the code holds;
# inputs from hundredths to tens; learning rates over decades (each stable for its
# batches: |1 - 2*lr*sum(x**2)| < 1); starts so far from the fit that the first gradient
# is up to a million; and the formula's edges: one batch, one example, a weight already
# at the fit (a zero gradient). Each distinct (N, B) costs a compile of the learner's
# function, so a check draws three shapes: (1, 1), the edge, the largest and one
# between, beside the hand cases' (2, 2); the composition property adds half the
# largest. At the fit of one small batch w must not move at all: compared exactly. The
# sizes between are searched when a case fails (the smallest failing case).

LARGE_N, LARGE_B = (8, 48), (4, 32)


def _f32(a) -> np.ndarray:
    """Values the learner's float32 arrays hold exactly, kept as float64 here."""
    return np.asarray(a, dtype=np.float32).astype(np.float64)


ARG_NAMES = ("w", "lr", "x_batches", "y_batches")


def _case(name, w, lr, xs, ys) -> Case:
    return Case(name, (_f32(w), _f32(lr), _f32(xs), _f32(ys)))


def _hidden(number: int, w, lr, xs, ys) -> Case:
    return hidden_case(number, ARG_NAMES, (_f32(w), _f32(lr), _f32(xs), _f32(ys)))


def _log_uniform(rng, low: float, high: float) -> float:
    return float(np.exp(rng.uniform(np.log(low), np.log(high))))


def _stable_lr(rng, xs, low: float = 0.003, high: float = 0.45) -> float:
    """A step size that stays stable, |1 - 2*lr*sum(x**2)| < 1 on every row: a fraction
    of the largest stable one, log-uniform over decades."""
    fraction = _log_uniform(rng, low, high)
    return float(f"{fraction / max(np.sum(xs**2, axis=1).max(), 1e-6):.3g}")


def _batches(rng, n: int, b: int, scale: float) -> tuple:
    """x of size up to `scale`; each batch has a slope of its own, so which batches a
    step used, and in which order, shows in the final weight."""
    xs = scale * rng.uniform(-1.5, 1.5, size=(n, b))
    slopes = rng.uniform(-2, 2, size=(n, 1))
    return xs, slopes * xs + 0.3 * scale * rng.normal(size=(n, b))


def _moderate(rng, n: int, b: int, scale: float = 1.0) -> tuple:
    xs, ys = _batches(rng, n, b, scale)
    return round(float(rng.uniform(-2, 2)), 3), _stable_lr(rng, xs), xs, ys


def _far_start(rng, n: int, b: int, low: float, high: float) -> tuple:
    """A start so far from the fit that the first gradient is `low`..`high` in size
    (log-uniform), with |x| in 1..4: a clipped gradient fails. Each step shrinks the
    distance to the fit by a factor 0.2..0.8, which keeps float32 accurate and the far
    start visible after the few batches of a small shape."""
    xs = rng.choice([-1.0, 1.0], size=(n, b)) * rng.uniform(1.0, 4.0, size=(n, b))
    xs = _f32(xs)
    ys = _f32(rng.uniform(-2, 2) * xs + 0.1 * rng.normal(size=(n, b)))
    gradient = rng.choice([-1.0, 1.0]) * _log_uniform(rng, low, high)
    w = (np.sum(xs[0] * ys[0]) + gradient / 2) / np.sum(xs[0] ** 2)
    return float(f"{w:.6g}"), _stable_lr(rng, xs, 0.1, 0.4), xs, ys


def _at_the_fit(rng, n: int, b: int, small: bool = False) -> tuple:
    """The edge of a zero gradient: y = w * x exactly, in float32 as in float64 (w a
    multiple of 1/8, x of 1/64: their products have few bits), so every step leaves w
    where it is, whatever the arithmetic. `small`: inputs of a few 64ths, so the stable
    lr is large (tens to thousands) and any step of its own, such as a weight decay of
    1e-6, moves w by more than float32 rounds away."""
    w = np.round(rng.uniform(-2, 2) * 8) / 8
    if small:
        sign = rng.choice([-1.0, 1.0], size=(n, b))
        xs = sign * rng.integers(1, 7, size=(n, b)) / 64
        return w, _stable_lr(rng, xs, 0.1, 0.45), xs, xs * w
    xs = np.round(rng.uniform(-1.5, 1.5, size=(n, b)) * 64) / 64
    return w, _stable_lr(rng, xs), xs, xs * w


def _overshooting(rng, n: int, b: int) -> tuple:
    """An amplifier of a step size a little off (an lr rounded to float16, another
    optimizer's factor): targets 0 and every batch with the same sum of squares S, 0.5
    to 1 (one row's entries, permuted anew for each batch), at an lr past the fit's, so
    each step multiplies w by c = 1 - 2*lr*S, c in -0.99..-0.97. The final w is w0 * c**N,
    and a relative change d in lr moves it by about N * d * (1 - c) / |c|: over the
    largest shape's 48 steps, a hundred times d, where float32's rounding stays near
    1e-5. The row's entries come in pairs x, -x (and a 0 where B is odd), and w0, lr and
    S are near 1, so that a wrong answer stays finite in float32 as in the float64
    reference: one that flips the step's sign grows by 3 a step, and one that takes the
    gradient by x instead of w meets a sum of x of 0."""
    half = rng.uniform(1.0, 2.0, size=max(b // 2, 1))
    row = np.concatenate([half, -half, np.zeros(b % 2)]) if b > 1 else half
    row *= np.sqrt(rng.uniform(0.5, 1.0) / np.sum(row**2))
    xs = _f32(np.stack([rng.permutation(row) for _ in range(n)]))
    c = rng.uniform(-0.99, -0.97)
    lr = (1 - c) / (2 * np.sum(xs[0] ** 2))
    w = rng.choice([-1.0, 1.0]) * rng.uniform(1.0, 4.0)
    return round(float(w), 3), lr, xs, np.zeros((n, b))


def shapes(rng) -> tuple[Shape, Shape, Shape]:
    """This check's (N, B): (1, 1), the edge of one batch of one example; the largest,
    (48, 32), which the composition property splits in halves (one more shape); and
    one drawn between, of any parity (see range_shapes)."""
    return range_shapes(rng, (LARGE_N, LARGE_B))


# the hidden case the composition property splits: a moderate one of the large shape
COMPOSED_CASE = "hidden case 2"


def make_cases(seed: int, repeat: int = 1) -> list[Case]:
    """The hand cases and the hidden ones; `repeat`: descent steps on each batch (a
    variant's; the lesson's task takes one)."""
    cases = [
        # every row the same: several wrong programs also land on 0.64 here
        _case(
            "worked example: w=0, lr=0.1, x = y = ones((2, 2))",
            0.0,
            0.1,
            np.ones((2, 2)),
            np.ones((2, 2)),
        ),
        # distinct rows and a nonzero start tell order, reuse and accumulation apart
        # the worked example's shape, so the three hand cases cost one compile
        _case(
            "distinct rows: w=1, lr=0.05, N=2, B=2",
            1.0,
            0.05,
            [[1.0, 2.0], [2.0, -1.0]],
            [[3.0, 5.0], [1.0, 2.0]],
        ),
        _case(
            "negative start, small lr: w=-0.5, lr=0.02, N=2, B=2",
            -0.5,
            0.02,
            [[1.0, 2.0], [-1.0, 3.0]],
            [[2.0, 3.0], [0.0, 4.0]],
        ),
    ]
    rng = np.random.default_rng(seed)
    small, large, between = shapes(rng)
    drawn = [
        _moderate(rng, *small),
        _moderate(rng, *large),  # COMPOSED_CASE
        _moderate(rng, *large, scale=_log_uniform(rng, 3.0, 10.0)),
        _moderate(rng, *small, scale=_log_uniform(rng, 0.01, 0.1)),
        _moderate(rng, 2, 2),
        _far_start(rng, *small, 1e5, 1e6),
        _far_start(rng, 2, 2, 1e3, 1e5),
        _at_the_fit(rng, *large),
        _moderate(rng, *between),
        _far_start(rng, *between, 1e3, 1e5),
    ]
    cases += [_hidden(i, *args) for i, args in enumerate(drawn, start=1)]
    # an invariant, compared exactly: at the fit, w does not move at all
    exact = _hidden(len(drawn) + 1, *_at_the_fit(rng, *small, small=True))
    exact.name += ", at the fit: w must stay exactly where it is"
    exact.rtol, exact.atol = 0.0, 0.0
    cases.append(exact)
    # drawn last, so that the cases before are the same draws as they were
    for shape in (large, between):
        amplified = _hidden(sum(c.hidden for c in cases) + 1, *_overshooting(rng, *shape))
        amplified.name += ", every step past the fit: a small change in lr grows with each step"
        cases.append(amplified)
    for case in cases:
        case.expected = reference(*case.args, repeat=repeat)
    return cases


def stable(args: tuple) -> bool:
    """Whether a case is in the space: its learning rate stable on every batch."""
    _, lr, xs, _ = args
    return bool(np.all(np.abs(1 - 2 * float(lr) * np.sum(np.square(xs), axis=1)) < 1))


def _rows(args: tuple) -> list[list[int]]:
    """The batch arguments (x_batches, y_batches): the scan runs over their rows."""
    return [[2, 3]]
