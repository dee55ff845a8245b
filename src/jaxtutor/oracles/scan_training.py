"""Oracle for `scan_training_step(w, lr, x_batches, y_batches)`: one gradient-descent
step per batch row, in order, with lax.scan over the batches; returns the final weight.

The reference is a plain float64 NumPy loop. A wrong answer is matched against mutants
of it (one per misconception), and the learner is replayed on the first k batches to
find the step where its weight first leaves the reference's.
"""

from __future__ import annotations

import re

import numpy as np

from jaxtutor.explain import explain, known
from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.interface import Misconception, Oracle, Report, first_raised, run_cases
from jaxtutor.oracles.learner import Learner
from jaxtutor.oracles.values import as_array, describe, matches, mismatch
from jaxtutor.oracles.probes import Probe, probe
from jaxtutor.runner.host.sandbox import LearnerRaised
from jaxtutor.verdict import Diagnosis, Table, TestResult

# several float32 steps in the learner's process against a float64 reference
RTOL, ATOL = 5e-4, 5e-5
# a learner's version of a mutant is float32 too; mutants differ by far more than this
MUTANT_RTOL, MUTANT_ATOL = 2e-3, 2e-4
STRUCTURE_TEST = "uses lax.scan over the batches"

_M = [
    Misconception(
        "sum_at_initial_weight",
        "You added up every batch's gradient at the starting weight and took one step, "
        "instead of a step per batch.",
        "Each step must see the weight the previous step produced. Make the weight the "
        "scan's carry: the body computes the gradient at the carry and returns the updated "
        "weight as the new carry."),
    Misconception(
        "reused_first_row",
        "Every step used the first batch (x_batches[0], y_batches[0]) instead of the next one.",
        "Pass the batches as xs: lax.scan(step, w, (x_batches, y_batches)). The body then "
        "receives row i at step i; do not index x_batches inside the body."),
    Misconception(
        "mean_instead_of_sum",
        "Your gradient is the mean over the batch, not the sum: each step is B times too small.",
        "The loss is sum((w*x - y)**2), so the gradient is 2*sum((w*x - y)*x). Use jnp.sum "
        "where you used jnp.mean."),
    Misconception(
        "returned_history",
        "You returned the weight after every step, not only the final weight.",
        "The exercise asks for the last weight only. lax.scan returns (final_carry, "
        "stacked_outputs): return the carry, and let the body output None."),
    Misconception(
        "sign_flipped",
        "Your weight moves uphill: you added the gradient instead of subtracting it.",
        "Gradient descent steps against the gradient: new_w = w - lr * gradient."),
    Misconception(
        "no_scan",
        "Your function does not use lax.scan over the batches.",
        "Write one training step as a body function step(w, batch) -> (new_w, None) and "
        "run it with lax.scan(step, w, (x_batches, y_batches)). A Python for loop (or a "
        "fori_loop over an index) is not what this exercise practises."),
    Misconception(
        "reversed_order",
        "You took the batches from last to first.",
        "Updates are sequential, so their order matters. Scan over (x_batches, y_batches) "
        "as they are, without reverse=True and without flipping the arrays."),
    Misconception(
        "not_scalar",
        "You returned an array with a shape, where a scalar weight (shape ()) was asked for.",
        "Start the carry from w itself (a scalar) and return the final carry as it is, "
        "without wrapping, reshaping or broadcasting it."),
    Misconception(
        "returned_scan_pair",
        "You returned the whole pair that lax.scan gives back, (final_carry, outputs).",
        "Unpack it: final_w, _ = lax.scan(...), then return final_w."),
    Misconception(
        "carry_mismatch",
        "The weight your scan body returns as the new carry does not have the type of the "
        "weight it received.",
        "The carry must keep one shape and dtype: a scalar in, a scalar out. Reduce the "
        "gradient over the batch with jnp.sum so it is a scalar, and do not change its dtype."),
    Misconception(
        "loss_not_summed",
        "The loss you differentiate returns one value per example instead of one number.",
        "jax.grad needs a scalar loss: return jnp.sum((w * x - y) ** 2) for the batch."),
    Misconception(
        "missing_lr",
        "Your update ignores the learning rate: it subtracts the whole gradient.",
        "Scale the step: new_w = w - lr * gradient. The body can use lr from the enclosing "
        "function."),
    Misconception(
        "missing_factor_two",
        "Your gradient is half the right size: the factor 2 from the square is missing.",
        "The derivative of (w*x - y)**2 with respect to w is 2*(w*x - y)*x. Or let "
        "jax.grad derive it from the loss for you."),
    Misconception(
        "started_from_zero",
        "Your scan starts from 0.0, not from the w you were given.",
        "The scan's initial carry is the starting weight: lax.scan(step, w, (x_batches, "
        "y_batches)), not lax.scan(step, 0.0, ...)."),
    Misconception(
        "hard_coded_lr",
        "Your steps use a fixed learning rate of 0.1, not the lr you were given.",
        "Use the lr argument in the step: new_w = w - lr * gradient. The body can read lr "
        "from scan_training_step's arguments."),
    Misconception(
        "all_batches_each_step",
        "Every step takes the gradient over all the batches together, not over its own batch.",
        "Inside the step use the batch the scan hands you: x, y = batch. x_batches and "
        "y_batches hold every batch at once."),
    Misconception(
        "batch_not_unpacked",
        "Your step passes the batch on as one argument where your loss takes x and y "
        "separately.",
        "The scan hands the step the pair (x_batches[i], y_batches[i]) as one value: "
        "unpack it first, x, y = batch, then call the loss with x and y."),
    Misconception(
        "carry_with_lr",
        "You returned the whole carry (w, lr): the learning rate rode along in the carry.",
        "Only the weight changes from step to step, so let it alone be the carry and read lr "
        "from the enclosing function: final_w, _ = lax.scan(step, w, (x_batches, y_batches)); "
        "return final_w."),
    Misconception(
        "python_number_result",
        "Your function turns the weight into a Python number (.item() or float()), so it "
        "cannot be compiled with jax.jit and its lax.scan cannot be seen.",
        "Return the array itself, final_w: a JAX array already prints and compares like a "
        "number. Inside jit (and inside scan) there is no number yet to turn it into."),
    Misconception(
        "wrong_update",
        "Your weights leave the expected ones, in a way the tutor does not recognise.",
        "Work out the highlighted step by hand: gradient = 2*sum((w*x - y)*x) at the "
        "current weight, then new_w = w - lr*gradient, and compare with your body."),
]
MISCONCEPTIONS = {m.id: m for m in _M}


# -- the reference and its mutants (float64 NumPy) ------------------------------------

def gradient(w, x, y) -> float:
    return float(2 * np.sum((w * x - y) * x))


def trajectory(w, lr, xs, ys, grad=gradient, sign=-1.0) -> tuple[np.ndarray, np.ndarray]:
    """The gradient at each step and the weight after it."""
    w = float(w)
    grads, weights = [], []
    for x, y in zip(xs, ys):
        g = grad(w, x, y)
        w = w + sign * float(lr) * g
        grads.append(g)
        weights.append(w)
    return np.array(grads), np.array(weights)


def reference(w, lr, xs, ys) -> np.ndarray:
    return np.asarray(trajectory(w, lr, xs, ys)[1][-1])


def _final(**kwargs):
    return lambda w, lr, xs, ys: np.asarray(trajectory(w, lr, xs, ys, **kwargs)[1][-1])


# what each misconception returns, for scalar-returning mistakes
MUTANTS = {
    "sum_at_initial_weight": lambda w, lr, xs, ys: np.asarray(
        float(w) - float(lr) * sum(gradient(float(w), x, y) for x, y in zip(xs, ys))),
    "reused_first_row": lambda w, lr, xs, ys: reference(
        w, lr, np.repeat(xs[:1], len(xs), 0), np.repeat(ys[:1], len(ys), 0)),
    "mean_instead_of_sum": _final(grad=lambda w, x, y: float(2 * np.mean((w * x - y) * x))),
    "sign_flipped": _final(sign=1.0),
    "reversed_order": lambda w, lr, xs, ys: reference(w, lr, xs[::-1], ys[::-1]),
    "missing_lr": lambda w, lr, xs, ys: reference(w, 1.0, xs, ys),
    "missing_factor_two": _final(grad=lambda w, x, y: float(np.sum((w * x - y) * x))),
    "started_from_zero": lambda w, lr, xs, ys: reference(0.0, lr, xs, ys),
    "hard_coded_lr": lambda w, lr, xs, ys: reference(w, 0.1, xs, ys),
    "all_batches_each_step": lambda w, lr, xs, ys: np.asarray(trajectory(
        w, lr, xs, ys, grad=lambda w, x, y: gradient(w, xs, ys))[1][-1]),
}


# -- cases ----------------------------------------------------------------------------

def _f32(a) -> np.ndarray:
    """Values the learner's float32 arrays hold exactly, kept as float64 here."""
    return np.asarray(a, dtype=np.float32).astype(np.float64)


ARG_NAMES = ("w", "lr", "x_batches", "y_batches")


def _case(name, w, lr, xs, ys) -> Case:
    args = (_f32(w), _f32(lr), _f32(xs), _f32(ys))
    return Case(name, args, reference(*args))


def _hidden(number: int, w, lr, xs, ys) -> Case:
    args = (_f32(w), _f32(lr), _f32(xs), _f32(ys))
    return hidden_case(number, ARG_NAMES, args, reference(*args))


def _stable_lr(rng, xs) -> float:
    """A step size that stays stable: |1 - 2*lr*sum(x**2)| < 1 on every row."""
    return float(f"{rng.uniform(0.1, 0.4) / max(np.sum(xs**2, axis=1).max(), 0.1):.3g}")


def _moderate(rng, n: int, b: int) -> tuple:
    xs = rng.uniform(-1.5, 1.5, size=(n, b))
    ys = rng.uniform(-2, 2) * xs + 0.1 * rng.normal(size=(n, b))
    return round(float(rng.uniform(-1, 1)), 3), _stable_lr(rng, xs), xs, ys


def _far_start(rng, n: int, b: int) -> tuple:
    """A start far from the fit, |w| in 50..150, with |x| >= 1: the first gradient is
    at least 2 * (50 - 2) * b in size, so a clipped gradient fails. Each step shrinks
    the distance to the fit by a factor 0.2..0.8, which keeps float32 accurate."""
    xs = rng.choice([-1.0, 1.0], size=(n, b)) * rng.uniform(1.0, 1.5, size=(n, b))
    ys = rng.uniform(-2, 2) * xs + 0.1 * rng.normal(size=(n, b))
    w = round(float(rng.choice([-1.0, 1.0]) * rng.uniform(50, 150)), 2)
    return w, _stable_lr(rng, xs), xs, ys


def make_cases(seed: int) -> list[Case]:
    cases = [
        # every row the same: several wrong programs also land on 0.64 here
        _case("worked example: w=0, lr=0.1, x = y = ones((2, 2))",
              0.0, 0.1, np.ones((2, 2)), np.ones((2, 2))),
        # distinct rows and a nonzero start tell order, reuse and accumulation apart
        _case("distinct rows: w=1, lr=0.05, N=3, B=2", 1.0, 0.05,
              [[1.0, 2.0], [2.0, -1.0], [0.5, 1.5]], [[3.0, 5.0], [1.0, 2.0], [2.0, 0.0]]),
        _case("negative start, small lr: w=-0.5, lr=0.02, N=3, B=2", -0.5, 0.02,
              [[1.0, 2.0], [-1.0, 3.0], [2.0, -1.0]], [[2.0, 3.0], [0.0, 4.0], [3.0, -2.0]]),
    ]
    rng = np.random.default_rng(seed)
    # Each distinct (N, B) is one compile of the learner's function, so three shapes:
    # the hand cases' (2, 2) and (3, 2), and (1, 1) for one batch of one example.
    drawn = [_moderate(rng, n, b) for n, b in [(1, 1), (3, 2), (2, 2), (1, 1), (3, 2), (2, 2)]]
    drawn += [_far_start(rng, n, b) for n, b in [(1, 1), (3, 2)]]
    cases += [_hidden(i, *args) for i, args in enumerate(drawn, start=1)]
    return cases


STEP_CASE = 1  # the case replayed step by step


# -- the oracle -----------------------------------------------------------------------

class ScanTrainingOracle(Oracle):
    name = "scan_training_step"
    misconceptions = MISCONCEPTIONS

    def needs_clean(self, exercise) -> bool:
        return True

    def run(self, learner: Learner, exercise, seed: int = 0) -> Report:
        """The learner's function is exported once per shape of the batches, and a
        process that never ran the learner's code checks each program for a scan over
        the batches and runs it on every case of that shape: those runs are the
        answers, so what was checked is what was run. When the function cannot be
        exported, it is called as it is, for its answers or its exception."""
        cases = make_cases(seed)
        try:
            found = learner.programs([c.args for c in cases], _rows)
        except LearnerRaised as raised:
            explanation, _ = explain(raised.info)
            entry = known(raised.info)
            # a number made of the scan's result, not a Python loop's float() (that one is
            # no_scan): the file must call a scan
            uses_scan = re.search(r"\bscan\(", re.sub(r"#[^\n]*", "", learner.source))
            named = MISCONCEPTIONS["python_number_result"].diagnose() \
                if entry is not None and entry.id == "tracer_to_python_number" and uses_scan \
                else None
            return self._called(learner, cases, _NOT_EXPORTED + explanation, named)
        if any(f.get("ok") is not True for f in found.facts):
            return self._called(learner, cases, _REFUSED)
        answers = found.values
        tests = [_test(case, got) for case, got in zip(cases, answers)]
        scan_test, scan_diagnosis = check_structure(found.facts)
        report = Report(tests + [scan_test])
        if report.passed:
            return report
        if all(t.status == "pass" for t in tests):
            report.diagnosis = scan_diagnosis
            return report
        reverse = any(f.get("backwards") for f in found.facts)
        report.diagnosis = diagnose(learner, cases, answers, scan_diagnosis, reverse)
        return report

    def _called(self, learner: Learner, cases: list[Case], why_no_scan: str,
                named: Diagnosis | None = None) -> Report:
        """No program to check: the answers (or the exception) of the learner's function
        called as it is; the scan test fails, saying why (`named`: the mistake that
        kept it from compiling, when it is one we know)."""
        tests, answers = run_cases(learner, cases, RTOL, ATOL)
        if (first := first_raised(answers, cases)) is not None:
            first.diagnosis = diagnose_raised(first)
            raise first
        scan_test, scan_diagnosis = _no_scan(why_no_scan)
        scan_diagnosis = named or scan_diagnosis
        report = Report(tests + [scan_test])
        if all(t.status == "pass" for t in tests):
            report.diagnosis = scan_diagnosis
        else:
            report.diagnosis = diagnose(learner, cases, answers, scan_diagnosis)
        return report


def _rows(args: tuple) -> tuple[list[int], int]:
    """The batch arguments (x_batches, y_batches) and how many batches they hold."""
    return [2, 3], len(args[2])


def _test(case: Case, got) -> TestResult:
    if got is None:
        return TestResult(case.title(failed=True), "error",
                          "the tutor could not run your compiled function")
    if (problem := mismatch(got, case.expected, RTOL, ATOL)) is None:
        return TestResult(case.name, "pass")
    return TestResult(case.title(failed=True), "fail", problem)


_NO_SCAN = {
    "no_loop": "Your compiled function has no loop over the batches: a Python loop is "
               "unrolled into one copy of the step per batch when JAX traces it (and so "
               "is lax.scan given unroll=; leave that at its default here).",
    "not_over_rows": "Your loop does not take one batch per step over all the batches (a "
                     "lax.fori_loop over an index, a separate scan per batch, or a scan "
                     "given unroll=, say). Pass (x_batches, y_batches) as the scan's xs.",
    "no_carry": "Your loop over the batches does not carry the weight from step to step "
                "(lax.map, say): the weight must be the scan's carry, updated from each batch.",
    "loop_unused": "Your function has a lax.scan over the batches, but the weight it returns "
                   "is not that scan's final carry: the training steps happen outside it.",
    "no_rows": "Your function could not be checked for a lax.scan over the batches.",
}
_NOT_EXPORTED = ("Your function could not be compiled with jax.jit, so the tutor cannot see "
                 "a lax.scan in it. The whole function must work on traced arrays, which "
                 "have no values yet: no float(), int() or Python if on them.\n")
_REFUSED = ("Your compiled function uses something the tutor does not run (a host "
            "callback such as jax.pure_callback, say), so its lax.scan cannot be checked.")


def check_structure(facts: list[dict]) -> tuple[TestResult, Diagnosis | None]:
    """Whether every shape's program scans over the batches (see runner/verify.py)."""
    for found in facts:
        if found.get("ok") is not True:
            return _no_scan(_REFUSED)
        if found.get("scan") != "ok":
            return _no_scan(_NO_SCAN.get(found.get("scan"), _NO_SCAN["no_rows"]))
    return TestResult(STRUCTURE_TEST, "pass"), None


def _no_scan(message: str) -> tuple[TestResult, Diagnosis]:
    diagnosis = MISCONCEPTIONS["no_scan"].diagnose(message=message)
    return TestResult(STRUCTURE_TEST, "fail", message), diagnosis


def diagnose_raised(raised: LearnerRaised) -> Diagnosis | None:
    message = raised.info.get("message", "")
    if "carry input and carry output must have equal types" in message:
        got = re.search(r"has type (\S+) but the corresponding output carry component has "
                        r"type (\S+?),? so the (shapes|dtypes)", message)
        if got:
            before, after, what = got.groups()
            why = (" Most often the gradient was not summed over the batch."
                   if what == "shapes" else " Something in the step changed its dtype.")
            return MISCONCEPTIONS["carry_mismatch"].diagnose(
                message=f"Your scan body received the weight as {before} and returned "
                        f"{after} as the new weight.{why}")
        return MISCONCEPTIONS["carry_mismatch"].diagnose()
    if "Gradient only defined for scalar-output functions" in message:
        return MISCONCEPTIONS["loss_not_summed"].diagnose()
    if re.search(r"missing 1 required positional argument", message) and any(
            "batch" in f.get("text", "") for f in raised.info.get("frames") or []):
        return MISCONCEPTIONS["batch_not_unpacked"].diagnose()
    return None


def _n(case: Case) -> int:
    return len(case.args[2])


def diagnose(learner: Learner, cases: list[Case], answers: list,
             scan_diagnosis: Diagnosis | None, reverse: bool = False) -> Diagnosis:
    wrong = [i for i, (c, a) in enumerate(zip(cases, answers))
             if not matches(a, c.expected, RTOL, ATOL)]
    shape = _shape_mistake(cases, answers)
    if shape is not None:
        found = shape
    elif (name := _matching_mutant(cases, answers)) is not None:
        found = MISCONCEPTIONS[name].diagnose()
        if name == "reversed_order" and reverse:
            found.message += " Your lax.scan over the batches has reverse=True."
    elif scan_diagnosis is not None:
        found = scan_diagnosis
    else:
        found = probe(Probe(cases, answers, [c.expected for c in cases], ARG_NAMES,
                            call_many=learner.call_many,
                            reference=lambda calls: [reference(*a) for a in calls],
                            dim_name=_dim_name)) \
            or MISCONCEPTIONS["wrong_update"].diagnose()
    # replay the hand-made case with distinct rows if it is wrong, else the first wrong one
    index = STEP_CASE if STEP_CASE in wrong else wrong[0]
    table, step = step_table(learner, cases[index])
    found.table, found.step = table, step
    if step is not None:
        found.message += (f" On the case \"{cases[index].title(failed=True)}\", your weight "
                          f"first differs at step {step}.")
    elif found.id in ("returned_history", "returned_scan_pair", "not_scalar"):
        found.message += " Your weight is right after every step; only what you return is off."
    return found


def _dim_name(arg: int, axis: int) -> str | None:
    """x_batches and y_batches have shape (N, B): N batches of B examples."""
    return ("N", "B")[axis] if arg in (2, 3) and axis < 2 else None


def _shape_mistake(cases: list[Case], answers: list) -> Diagnosis | None:
    """Returned something other than a scalar: the history, the scan's pair, a shape."""
    for case, got in zip(cases, answers):
        history = trajectory(*case.args)[1]
        if isinstance(got, (tuple, list)):
            if len(got) == 2 and matches(got[1], history, MUTANT_RTOL, MUTANT_ATOL):
                return MISCONCEPTIONS["returned_history"].diagnose(
                    message="You returned the final weight together with the weight after "
                            "every step; only the final weight was asked for.")
            if len(got) == 2 and matches(got[1], case.args[1]) \
                    and matches(got[0], case.expected, MUTANT_RTOL, MUTANT_ATOL):
                return MISCONCEPTIONS["carry_with_lr"].diagnose(
                    message=f"You returned {describe(got)}: the final weight and lr, the "
                            "whole carry, not only the final weight.")
            if len(got) == 2 and (got[1] is None or _stacked(got[1], _n(case))):
                return MISCONCEPTIONS["returned_scan_pair"].diagnose(
                    message=f"You returned {describe(got)}: the whole pair lax.scan gives "
                            "back, not only the final weight.")
            return MISCONCEPTIONS["not_scalar"].diagnose(
                message=f"You returned {describe(got)}, not a scalar weight.")
        arr = as_array(got)
        if arr is None:
            return MISCONCEPTIONS["not_scalar"].diagnose(
                message=f"You returned {describe(got)}, not a scalar weight.")
        if arr.shape == ():
            continue
        with_start = np.concatenate([case.args[0].reshape(1), history])
        if _n(case) > 1 and (matches(arr, history, MUTANT_RTOL, MUTANT_ATOL)
                             or matches(arr, with_start, MUTANT_RTOL, MUTANT_ATOL)):
            return MISCONCEPTIONS["returned_history"].diagnose(
                message=f"You returned an array of shape {arr.shape} holding the weight "
                        "after every step; only the final weight, shape (), was asked for.")
        same = arr.size and np.allclose(arr, case.expected, MUTANT_RTOL, MUTANT_ATOL)
        return MISCONCEPTIONS["not_scalar"].diagnose(
            message=f"You returned an array of shape {arr.shape}"
                    + (" holding the right weight" if same else "")
                    + "; the final weight must be a scalar, shape ().")
    return None


def _stacked(value, n: int) -> bool:
    """Whether `value` looks like scan's stacked outputs: arrays with n rows."""
    leaves = value if isinstance(value, (tuple, list)) else [value]
    arrays = [as_array(v) for v in leaves]
    return bool(arrays) and all(a is not None and a.ndim >= 1 and len(a) == n for a in arrays)


def _matching_mutant(cases: list[Case], answers: list) -> str | None:
    """The misconception whose mutant gives every one of the learner's answers."""
    for name, mutant in MUTANTS.items():
        if all(matches(got, mutant(*case.args), MUTANT_RTOL, MUTANT_ATOL)
               for case, got in zip(cases, answers)):
            return name
    return None


# -- step by step ---------------------------------------------------------------------

def _weight_of(value) -> float | None:
    """The learner's final weight inside what it returned, where one can be read."""
    if isinstance(value, (tuple, list)) and value:
        return _weight_of(value[0])
    arr = as_array(value)
    if arr is None or arr.size == 0:
        return None
    return float(arr.reshape(-1)[-1]) if arr.ndim <= 1 else None


def _replayed(learner: Learner, calls: list[tuple]) -> list:
    """The learner's answers on the first k batches: from its exported programs when it
    has them (the clean child already compiled the shapes the cases share), else from
    calls of the function."""
    try:
        found = learner.programs(calls, _rows)
    except LearnerRaised:
        return learner.call_many(calls)
    if any(f.get("ok") is not True for f in found.facts) or any(v is None for v in found.values):
        return learner.call_many(calls)
    return found.values


def step_table(learner: Learner, case: Case) -> tuple[Table, int | None]:
    """Replay the learner on the first k batches, k = 1..N (one round trip), beside the
    reference's gradient and weight after each step."""
    w, lr, xs, ys = case.args
    grads, weights = trajectory(w, lr, xs, ys)
    calls = [(w, lr, xs[:k], ys[:k]) for k in range(1, len(xs) + 1)]
    replies = _replayed(learner, calls)
    rows, first = [], None
    for k, (g, expected, got) in enumerate(zip(grads, weights, replies)):
        if isinstance(got, LearnerRaised):
            yours, ok = f"raised {got.info.get('type', 'an exception')}", False
        elif (value := _weight_of(got)) is None:
            yours, ok = describe(got), False
        else:
            yours = f"{value:.4f}"
            ok = bool(np.isclose(value, expected, MUTANT_RTOL, MUTANT_ATOL))
        if not ok and first is None:
            first = k
        rows.append([str(k), f"{g:.4f}", f"{expected:.4f}", yours])
    return Table(["step", "gradient", "expected w", "your w"], rows, highlight=first), first
