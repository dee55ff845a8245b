"""Every recognised mistake of the built-in oracles is recognised as itself: made
exactly (its mutant's answers, or its error and its code), it is named, and no mistake
checked before it claims it. (TOML lessons' mutants are proved the same way by
`jaxtutor lint`.)"""

from __future__ import annotations

import numpy as np
import pytest

from jaxtutor.oracles import has_aux
from jaxtutor.oracles.has_aux import HasAuxOracle
from jaxtutor.oracles.scan_training import diagnosis as scan_diagnosis
from jaxtutor.oracles.scan_training import exercise as scan_exercise


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", sorted(scan_exercise.MUTANTS))
def test_each_scan_mutant_is_named_as_itself(name, seed):
    cases = scan_exercise.make_cases(seed)
    answers = [scan_exercise.MUTANTS[name](*c.args) for c in cases]
    assert scan_diagnosis._matching_mutant(cases, answers) == name


def test_what_a_scan_learner_returns_is_told_apart():
    cases = scan_exercise.make_cases(0)

    def named(answer):
        return scan_diagnosis._shape_mistake(cases, [answer(c) for c in cases]).id

    lr = lambda c: c.args[1]  # noqa: E731
    history = lambda c: scan_exercise.trajectory(*c.args)[1]  # noqa: E731
    assert named(lambda c: (c.expected, lr(c))) == "carry_with_lr"
    assert named(lambda c: (c.expected, None)) == "returned_scan_pair"
    assert named(lambda c: (c.expected, history(c))) == "returned_history"
    assert named(lambda c: (c.expected, np.asarray(7.0))) == "not_scalar"


_STEP = """def train_step(params, x, y, lr):
    {line}
    return params, loss, accuracy
"""
TUPLE_INDEX = {"type": "TypeError", "message": "tuple indices must be integers or slices, not str"}
HAS_AUX_ERRORS = {
    "torch_order_unpacking": (
        TUPLE_INDEX,
        "grads, (loss, accuracy) = jax.value_and_grad("
        "loss_and_accuracy, has_aux=True)(params, x, y)",
    ),
    "grad_has_aux_pair": (
        TUPLE_INDEX,
        "grads = jax.grad(loss_and_accuracy, has_aux=True)(params, x, y)",
    ),
    "argnums_not_params": (
        {"type": "TypeError", "message": "JAX does not support string indexing; got idx='w'"},
        "(loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, "
        "argnums=1, has_aux=True)(params, x, y)",
    ),
    "argnums_tuple": (
        TUPLE_INDEX,
        "(loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, "
        "argnums=(0,), has_aux=True)(params, x, y)",
    ),
    "missing_has_aux": (
        {
            "type": "TypeError",
            "message": "Gradient only defined for "
            "scalar-output functions. Output was (Array(0.5), Array(1.)).",
        },
        "(loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy)(params, x, y)",
    ),
}


@pytest.mark.parametrize("ident", sorted(HAS_AUX_ERRORS))
def test_each_has_aux_error_is_named_on_its_evidence(ident):
    info, line = HAS_AUX_ERRORS[ident]
    found = HasAuxOracle().diagnose_error(info, _STEP.format(line=line))
    assert found is not None and found.id == ident


def test_the_same_error_with_other_code_is_not_given_a_cause():
    """A tuple indexed by a string, in a file that does neither mistake: no name."""
    source = _STEP.format(line="grads = (1, 2)")
    assert HasAuxOracle().diagnose_error(TUPLE_INDEX, source) is None
    commented = _STEP.format(line="# grads, (loss, accuracy) = jax.value_and_grad(f)(p)")
    assert HasAuxOracle().diagnose_error(TUPLE_INDEX, commented) is None


def test_each_has_aux_wrong_answer_is_named_as_itself():
    case = has_aux.make_cases(0)[0]
    params, x, y, lr = case.args
    new, loss, acc = case.expected
    gw, gb = has_aux.gradients(params["w"], params["b"], x, y)
    after = has_aux.loss_and_accuracy(new["w"], new["b"], x, y)
    made = {
        "gradient_ascent": ({"w": params["w"] + lr * gw, "b": params["b"] + lr * gb}, loss, acc),
        "no_update": (params, loss, acc),
        "no_learning_rate": ({"w": params["w"] - gw, "b": params["b"] - gb}, loss, acc),
        "partial_update": ({"w": new["w"], "b": params["b"]}, loss, acc),
        "loss_after_update": (new, after[0], after[1]),
        "swapped_outputs": (new, acc, loss),
        "nested_outputs": (new, (loss, acc)),
        # the plausible wrong steps, each computed from the case
        **{name: (step, loss, acc) for name, step in has_aux.alternatives(case).items()},
    }
    for ident, answer in made.items():
        found = has_aux.diagnose(case, answer)
        assert found is not None and found.id == ident, (ident, found)
