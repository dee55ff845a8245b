"""What a wrong answer is instead. Each leaf of new_params is matched against the ways an
update can go wrong (ascent, no step, no learning rate), and the whole update against
the plausible wrong targets, computed from the case in float64: the gradient of the
summed loss, the gradient divided by B again, lr twice, the loss value for the gradient,
the gradient at the updated params, two steps. Each scalar output is matched against the
loss and the accuracy before and after the step. A cause in the code (the accuracy
differentiated, an argument never used) is named only where the learner's file shows it.
"""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.has_aux import code
from jaxtutor.oracles.has_aux.exercise import gradients, loss_and_accuracy
from jaxtutor.oracles.has_aux.misconceptions import MISCONCEPTIONS
from jaxtutor.oracles.values import fmt, matches
from jaxtutor.verdict import Diagnosis

_ORDINAL = {1: "second", 2: "third"}
KEYS = ("w", "b")
# the plausible wrong steps alternatives() computes, in the order they are tried
ALTERNATIVES = (
    "gradient_of_sum",
    "gradient_divided_by_size",
    "lr_applied_twice",
    "loss_as_gradient",
    "gradient_at_updated_params",
    "two_steps",
)


def _leaf_kind(got, old, grad, lr) -> str | None:
    """What one returned parameter is, in terms of the incoming one and its gradient."""
    candidates = {
        "descent": old - lr * grad,
        "ascent": old + lr * grad,
        "unchanged": old,
        "no_lr": old - grad,
    }
    return next((k for k, v in candidates.items() if matches(got, v)), None)


def alternatives(case: Case, penalty: float = 0.0) -> dict[str, dict[str, np.ndarray]]:
    """The new params each plausible wrong step gives on `case`, by the misconception
    that names it. Where one equals the right step (B = 1: a sum is the mean), it is
    left out: it cannot be what made an answer wrong."""
    params, x, y, lr = case.args
    right = case.expected[0]
    size = len(y)
    grad = dict(zip(KEYS, gradients(params["w"], params["b"], x, y, penalty)))
    at_new = dict(zip(KEYS, gradients(right["w"], right["b"], x, y, penalty)))
    loss = float(case.expected[1])
    made = {
        "gradient_of_sum": {k: params[k] - lr * size * grad[k] for k in KEYS},
        "gradient_divided_by_size": {k: params[k] - lr * grad[k] / size for k in KEYS},
        "lr_applied_twice": {k: params[k] - lr * lr * grad[k] for k in KEYS},
        "loss_as_gradient": {k: params[k] - lr * loss for k in KEYS},
        "gradient_at_updated_params": {k: params[k] - lr * at_new[k] for k in KEYS},
        "two_steps": {k: right[k] - lr * at_new[k] for k in KEYS},
    }
    return {name: step for name, step in made.items() if not matches(step, right)}


def alternative(new_params, case: Case, penalty: float = 0.0) -> str | None:
    """The first plausible wrong step that `new_params` is on `case`."""
    if not isinstance(new_params, dict) or set(new_params) != set(KEYS):
        return None
    return next(
        (n for n, step in alternatives(case, penalty).items() if matches(new_params, step)), None
    )


def is_step(name: str, new_params, case: Case, penalty: float = 0.0) -> bool:
    """Whether `new_params` is the plausible wrong step `name` on `case`."""
    step = alternatives(case, penalty).get(name)
    return step is not None and isinstance(new_params, dict) and matches(new_params, step)


def _alternative_finding(
    name: str, new_params, case: Case, source: str, penalty: float = 0.0
) -> Diagnosis:
    """The named alternative, with what was measured on `case` (and the code, where the
    cause is in it)."""
    params, x, y, lr = case.args
    on = f'on the case "{case.title(failed=True, brief=True)}"'
    size = len(y)
    misconception = MISCONCEPTIONS[name]
    if name == "gradient_of_sum":
        said = (
            f"Your new w and b are old - lr * B * grad {on}, with B = {size} examples: "
            f"{size} times the expected step. B * grad is the gradient of the loss summed "
            "over the examples, not of their mean, which loss_and_accuracy returns."
        )
    elif name == "gradient_divided_by_size":
        said = (
            f"Your new w and b are old - lr * grad / B {on}, with B = {size} examples: the "
            f"expected step divided by {size}. The gradient of the mean loss is divided by "
            "B once already."
        )
    elif name == "lr_applied_twice":
        said = (
            f"Your new w and b are old - lr * lr * grad {on}: lr = {lr:g}, so your step is "
            f"{fmt(lr * lr)} times the gradient where {lr:g} times is expected. The learning "
            "rate multiplies the gradient twice."
        )
    elif name == "loss_as_gradient":
        loss = float(case.expected[1])
        said = (
            f"Every entry of your new w and b is the old one minus lr * loss {on}: "
            f"{lr:g} * {fmt(loss)} = {fmt(lr * loss)} off every entry alike, the loss value "
            "where the gradient belongs."
        )
        if whole := code.value_and_grad_indexed(source):
            misconception = MISCONCEPTIONS["value_and_grad_pair_as_grads"]
            said += (
                f" Your `{whole}` holds value_and_grad's whole pair (value, gradients), and "
                f"{whole}[0] is that value, not the gradients."
            )
    else:
        right = case.expected[0]
        at_new = gradients(right["w"], right["b"], x, y, penalty)[1]
        at_old = gradients(params["w"], params["b"], x, y, penalty)[1]
        if name == "gradient_at_updated_params":
            said = (
                f"Your new b {on} is {fmt(new_params['b'])}: the incoming b, "
                f"{fmt(params['b'])}, minus lr * {fmt(at_new)}, the gradient at the updated "
                f"params; at the params you were given it is {fmt(at_old)}. Your step uses "
                "the gradient at the updated params, for w as for b."
            )
        else:  # two_steps
            said = (
                f"Your b goes {fmt(params['b'])} -> {fmt(right['b'])} -> "
                f"{fmt(new_params['b'])} {on}: a descent step, then a second one with the "
                f"gradient at the params after the first, {fmt(at_new)}; w takes both steps "
                "too."
            )
    return misconception.diagnose(message=said)


def _zero_gradient_finding(source: str) -> Diagnosis | None:
    """Params that did not move, where the file shows why: the function differentiated
    returns the accuracy first, or never uses its argument. Either's gradient is zero."""
    for function in code.differentiated(source):
        if returned := code.accuracy_first(function):
            return MISCONCEPTIONS["accuracy_differentiated"].diagnose(
                message=f"Your new params are the incoming params, unchanged, and the "
                f"function you differentiate, {function.label}, returns {returned}: "
                "value_and_grad differentiates its first output, the accuracy. The "
                "accuracy only changes in jumps, as predictions flip, so its gradient is "
                "zero and your step moved nothing."
            )
        if unused := code.argument_unused(function):
            reads = (
                " and reads params from the enclosing scope"
                if code.reads_from_outside(function, "params")
                else ""
            )
            return MISCONCEPTIONS["argument_not_used"].diagnose(
                message=f"Your new params are the incoming params, unchanged, and the "
                f"function you differentiate, {function.label}, never uses {unused}{reads}: "
                f"it is a constant in {unused}, whose gradient is zero, so your step moved "
                "nothing."
            )
    return None


def _update_finding(
    new_params, case: Case, source: str = "", penalty: float = 0.0
) -> Diagnosis | None:
    if not isinstance(new_params, dict) or set(new_params) != set(KEYS):
        return None
    params, x, y, lr = case.args
    grads = dict(zip(KEYS, gradients(params["w"], params["b"], x, y, penalty)))
    kinds = {k: _leaf_kind(new_params[k], params[k], grads[k], lr) for k in KEYS}
    values = set(kinds.values())
    if "ascent" in values:
        which = " and ".join(k for k in KEYS if kinds[k] == "ascent")
        return MISCONCEPTIONS["gradient_ascent"].diagnose(
            message=f"Your new {which} = old + lr * grad: that climbs the loss instead of "
            "descending it."
        )
    if values == {"unchanged"}:
        return _zero_gradient_finding(source) or MISCONCEPTIONS["no_update"].diagnose()
    if values == {"no_lr"}:
        return MISCONCEPTIONS["no_learning_rate"].diagnose()
    if values == {"descent", "unchanged"}:
        done, left = ("w", "b") if kinds["w"] == "descent" else ("b", "w")
        return MISCONCEPTIONS["partial_update"].diagnose(
            message=f"You updated only {done}: your new {left} is the incoming {left}, unchanged."
        )
    if values != {"descent"} and (name := alternative(new_params, case, penalty)):
        return _alternative_finding(name, new_params, case, source, penalty)
    return None


def _output_names(got_outputs, case: Case, penalty: float = 0.0) -> list[str | None]:
    """Name each returned scalar: the loss or accuracy before or after the step."""
    params, x, y, _ = case.args
    new_params = case.expected[0]
    before = loss_and_accuracy(params["w"], params["b"], x, y, penalty)
    after = loss_and_accuracy(new_params["w"], new_params["b"], x, y, penalty)
    candidates = {
        "the loss": before[0],
        "the accuracy": before[1],
        "the loss at the updated params": after[0],
        "the accuracy at the updated params": after[1],
    }
    return [next((n for n, v in candidates.items() if matches(g, v)), None) for g in got_outputs]


def _outputs_finding(got_outputs, case: Case, penalty: float = 0.0):
    names = _output_names(got_outputs, case, penalty)
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
    # an accuracy is a fraction of B, often equal to the updated one by chance: it is
    # evidence only beside a loss that is the updated one too
    if names[0] == "the loss at the updated params":
        loss, acc = case.expected[1], case.expected[2]
        said = "; ".join(
            f"your {_ORDINAL[i + 1]} output, {fmt(got_outputs[i])}, is {names[i]}" for i in late
        )
        return MISCONCEPTIONS["loss_after_update"].diagnose(
            message=f"{said[0].upper()}{said[1:]}. The exercise asks for the values at the "
            f"incoming params: loss {fmt(loss)}, accuracy {fmt(acc)}."
        )
    return None


def diagnose(case: Case, got, source: str = "", penalty: float = 0.0) -> Diagnosis | None:
    """The misconception behind a wrong answer to `case`, or None; `source`, the
    learner's file, is the evidence for a cause in the code; `penalty`, the task's
    weight decay (exercise.py)."""
    if not isinstance(got, (tuple, list)):
        return None
    if len(got) == 2 and isinstance(got[1], (tuple, list)) and len(got[1]) == 2:
        return MISCONCEPTIONS["nested_outputs"].diagnose()
    if len(got) != 3:
        return None
    findings = [
        f
        for f in (
            _update_finding(got[0], case, source, penalty),
            _outputs_finding(got[1:], case, penalty),
        )
        if f
    ]
    if not findings:
        return None
    first = findings[0]
    if len(findings) > 1:  # say both; the hint aims at the first
        first.message += f" Also: {findings[1].message}"
    return first
