"""The has_aux oracle: its float64 reference, and learner files checked in the real
sandbox (each mistake recognised, correct solutions written several ways passing)."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import LEARNERS, assert_mistake_recognised, learner_files, run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles import has_aux
from jaxtutor.oracles.has_aux.answers import ALTERNATIVES
from jaxtutor.oracles.values import matches
from jaxtutor.verdict import Outcome

# learner file -> (misconception id, outcome, words the diagnosis must say)
MISTAKES = {
    "mistake_missing_has_aux.py": ("missing_has_aux", Outcome.EXCEPTION, "has_aux=True"),
    "mistake_missing_has_aux_jit.py": ("missing_has_aux", Outcome.EXCEPTION, "has_aux=True"),
    "mistake_aux_not_a_pair.py": ("aux_not_a_pair", Outcome.EXCEPTION, "a single value"),
    "mistake_gradient_ascent.py": ("gradient_ascent", Outcome.WRONG_ANSWER, "old + lr * grad"),
    "mistake_loss_after_update.py": (
        "loss_after_update",
        Outcome.WRONG_ANSWER,
        "second output, 0.780808, is the loss at the updated",
    ),
    "mistake_partial_update_w.py": (
        "partial_update",
        Outcome.WRONG_ANSWER,
        "updated only w: your new b is the incoming b",
    ),
    "mistake_partial_update_b.py": (
        "partial_update",
        Outcome.WRONG_ANSWER,
        "updated only b: your new w is the incoming w",
    ),
    "mistake_swapped_outputs.py": (
        "swapped_outputs",
        Outcome.WRONG_ANSWER,
        "second output is the accuracy, 0.75, not the loss",
    ),
    "mistake_no_update.py": ("no_update", Outcome.WRONG_ANSWER, "no step"),
    "mistake_no_learning_rate.py": ("no_learning_rate", Outcome.WRONG_ANSWER, "without"),
    "mistake_nested_outputs.py": ("nested_outputs", Outcome.WRONG_ANSWER, "still packed"),
}


def test_every_mistake_file_is_listed():
    assert {p.name for p in learner_files("has_aux", "mistake_")} == set(MISTAKES)
    required = {
        "missing_has_aux",
        "gradient_ascent",
        "loss_after_update",
        "partial_update",
        "swapped_outputs",
    }
    assert required <= {ident for ident, _, _ in MISTAKES.values()}
    assert required <= set(has_aux.MISCONCEPTIONS)


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_mistake_recognised(name):
    assert_mistake_recognised("has_aux", name, MISTAKES[name], has_aux.MISCONCEPTIONS)


@pytest.mark.parametrize("path", learner_files("has_aux", "correct_"), ids=lambda p: p.stem)
def test_correct_solution_passes(path):
    verdict = run_check("has_aux", path)
    assert verdict.passed, (
        verdict.message + "\n" + "\n".join(f"{t.name}: {t.message}" for t in verdict.tests)
    )
    assert len(verdict.tests) >= 6


def test_prints_are_captured_not_judged():
    verdict = run_check("has_aux", LEARNERS / "has_aux" / "correct_prints.py")
    assert "loading my solution" in verdict.output
    assert "new params:" in verdict.output


def test_wrong_shape_of_b_is_a_structure_failure(tmp_path):
    source = (LEARNERS / "has_aux" / "correct_plain.py").read_text()
    wrong = tmp_path / "b_as_vector.py"
    wrong.write_text(
        source.replace(
            "return new_params, loss, accuracy",
            'new_params["b"] = jnp.reshape(new_params["b"], (1,))\n'
            "    return new_params, loss, accuracy",
        )
    )
    verdict = run_check("has_aux", wrong)
    assert verdict.outcome is Outcome.WRONG_ANSWER
    assert "expected shape (), got shape (1,)" in verdict.tests[0].message


def test_lesson_starter_fails_and_solution_passes(tmp_path):
    lesson = find_exercise("has_aux", builtin_lessons())
    assert lesson.order == 4 and lesson.requires == ("grad_basics", "argnums")
    assert len(lesson.exercise.hints) >= 4
    for kind, should_pass in (("starter", False), ("solution", True)):
        path = tmp_path / f"{kind}.py"
        path.write_text(getattr(lesson.exercise, kind))
        assert run_check("has_aux", path).passed is should_pass, kind


# -- the reference alone: no sandbox, no JAX ----------------------------------------------


def test_reference_gradient_matches_finite_differences():
    for case in has_aux.make_cases(seed=3):
        params, x, y, _ = case.args
        gw, gb = has_aux.gradients(params["w"], params["b"], x, y)
        eps = 1e-6
        for i in range(len(params["w"])):
            step = np.eye(len(params["w"]))[i] * eps
            up = has_aux.loss_and_accuracy(params["w"] + step, params["b"], x, y)[0]
            down = has_aux.loss_and_accuracy(params["w"] - step, params["b"], x, y)[0]
            assert np.isclose((up - down) / (2 * eps), gw[i], atol=1e-7)
        up = has_aux.loss_and_accuracy(params["w"], params["b"] + eps, x, y)[0]
        down = has_aux.loss_and_accuracy(params["w"], params["b"] - eps, x, y)[0]
        assert np.isclose((up - down) / (2 * eps), gb, atol=1e-7)


def test_cases_cover_the_space_and_keep_logits_off_zero():
    cases = has_aux.make_cases(seed=0)
    drawn = [{case.args[1].shape for case in has_aux.make_cases(seed)} for seed in range(40)]
    assert any(b == 1 for shapes in drawn for b, _ in shapes)
    assert any(d == 1 for shapes in drawn for _, d in shapes)
    # every check draws the edge, the largest shape, and one between
    assert all({(1, 1), (48, 16)} <= shapes for shapes in drawn)
    # each distinct shape is one compile of the learner's function: keep them few, and
    # keep one that is not square so a transposed gradient cannot pass
    assert all(len(shapes) <= 4 and any(b != d for b, d in shapes) for shapes in drawn)
    rates = [c.args[3] for seed in range(40) for c in has_aux.make_cases(seed)]
    assert min(rates) < 0.01 and max(rates) > 5  # decades of learning rates
    zeros, tiny = 0, []
    for case in cases:
        params, x, _, lr = case.args
        # off zero by far more than float32 can move them, each prediction certain; but
        # for the accuracy's own edge: one logit exactly 0 (in float32 too), and one just
        # above and one just below it, of the same sign in float32
        signed = x @ params["w"] + params["b"]
        logits = np.abs(signed)
        zeros += int(np.sum(logits == 0))
        near = (logits > 0) & (logits < 1e-5)
        tiny += list(np.sign(signed[near]))
        in32 = x.astype(np.float32) @ params["w"].astype(np.float32) + np.float32(params["b"])
        assert np.array_equal(np.sign(in32[near]), np.sign(signed[near]))
        assert np.all((logits == 0) | near | (logits > 0.005))
        assert lr != 1.0
        new_params, _, _ = case.expected
        assert new_params["b"].shape == ()
    assert zeros == 1 and sorted(tiny) == [-1.0, 1.0]


def test_hand_example_tells_every_mutant_apart():
    # on the first case the update and the outputs of each mistake differ from the right ones
    case = has_aux.make_cases(seed=0)[0]
    (new, loss, acc) = case.expected
    params = case.args[0]
    assert has_aux.diagnose(case, case.expected) is None
    swapped = has_aux.diagnose(case, (new, acc, loss))
    assert swapped.id == "swapped_outputs"
    partial = has_aux.diagnose(case, ({"w": new["w"], "b": params["b"]}, loss, acc))
    assert partial.id == "partial_update" and "only w" in partial.message
    both = has_aux.diagnose(case, (params, acc, loss))
    assert both.id == "no_update" and "Also:" in both.message


def test_raised_messages_from_jax_are_recognised():
    diagnose = has_aux.HasAuxOracle.diagnose_raised
    pair = "Gradient only defined for scalar-output functions. Output was (Traced<float32[]>, 1)."
    assert diagnose(pair).id == "missing_has_aux"
    three = (
        "expected function with aux output to return a two-element tuple, but got type "
        "<class 'tuple'> with value (1.0, 0.5, 0.5)"
    )
    assert "other than two" in diagnose(three).message
    # a non-scalar loss is a different mistake: not blamed on has_aux
    assert (
        diagnose("Gradient only defined for scalar-output functions. Output had shape: [4].")
        is None
    )


# -- the plausible wrong steps, computed from the case ------------------------------------

_STEP_FILE = """import jax


def train_step(params, x, y, lr):
{body}
"""
_ACCURACY_FIRST = """    def accuracy_and_loss(p, x, y):
        loss, accuracy = loss_and_accuracy(p, x, y)
        return accuracy, loss

    (accuracy, loss), grads = jax.value_and_grad(accuracy_and_loss, has_aux=True)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss, accuracy"""
_CLOSED_OVER = """    def loss_fn(p):
        return loss_and_accuracy(params, x, y)

    (loss, accuracy), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss, accuracy"""
_RETURNS_PARAMS = """    (loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)
    return params, loss, accuracy"""
_PAIR_INDEXED = """    out = jax.value_and_grad(lambda p: loss_and_accuracy(p, x, y)[0])(params)
    loss, accuracy = loss_and_accuracy(params, x, y)
    return {k: params[k] - lr * out[0] for k in params}, loss, accuracy"""


def _source(body: str) -> str:
    return _STEP_FILE.format(body=body)


def _answers(step, cases):
    """Every case answered with `step(case)` for new params, and the right loss and accuracy."""
    return [(step(c), c.expected[1], c.expected[2]) for c in cases]


def _named(step, source: str = "", seed: int = 0):
    cases = has_aux.make_cases(seed)
    return has_aux.HasAuxOracle().diagnose_cases(cases, _answers(step, cases), source)


# measured evidence each plausible wrong step is named with, on the hand case
ALTERNATIVE_SAYS = {
    "gradient_of_sum": "old - lr * B * grad",
    "gradient_divided_by_size": "old - lr * grad / B",
    "lr_applied_twice": "0.25 times the gradient where 0.5 times",
    "loss_as_gradient": "0.5 * 0.836778 = 0.418389",
    "gradient_at_updated_params": "minus lr * 0.262474, the gradient at the updated params",
    "two_steps": "0.25 -> 0.110939 -> -0.0202984",
}


def test_every_alternative_has_a_misconception_and_is_computed():
    assert set(ALTERNATIVE_SAYS) == set(ALTERNATIVES)
    assert set(ALTERNATIVE_SAYS) <= set(has_aux.MISCONCEPTIONS)
    case = has_aux.make_cases(0)[0]
    assert set(has_aux.alternatives(case)) == set(ALTERNATIVE_SAYS)


def test_the_hand_example_tells_every_alternative_apart():
    case = has_aux.make_cases(0)[0]
    steps = {"right": case.expected[0], **has_aux.alternatives(case)}
    for a in steps:
        for b in steps:
            assert a == b or not matches(steps[a], steps[b]), (a, b)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", sorted(ALTERNATIVE_SAYS))
def test_each_alternative_is_named_with_its_evidence(name, seed):
    def step(case):
        # where the alternative equals the right step (B = 1), the learner's is right too
        return has_aux.alternatives(case).get(name, case.expected[0])

    found = _named(step, seed=seed)
    assert found is not None and found.id == name, found
    assert found.hint == has_aux.MISCONCEPTIONS[name].hint
    if seed == 0:
        assert ALTERNATIVE_SAYS[name] in found.message, found.message


def test_an_alternative_on_one_case_only_is_not_named():
    """The summed loss's step on the hand case, something else on the others: no name."""

    def step(case):
        if not case.hidden:
            return has_aux.alternatives(case)["gradient_of_sum"]
        return {k: v + 0.5 for k, v in case.expected[0].items()}

    assert _named(step) is None


def test_the_loss_for_the_gradient_is_blamed_on_the_pair_only_where_the_code_indexes_it():
    def step(case):
        return has_aux.alternatives(case)["loss_as_gradient"]

    assert _named(step).id == "loss_as_gradient"
    indexed = _named(step, _source(_PAIR_INDEXED))
    assert indexed.id == "value_and_grad_pair_as_grads"
    assert "`out` holds value_and_grad's whole pair" in indexed.message
    assert "0.418389" in indexed.message  # the measured step, beside the code


def _unchanged(case):
    return case.args[0]


@pytest.mark.parametrize(
    "body, ident, says",
    [
        (_ACCURACY_FIRST, "accuracy_differentiated", "returns (accuracy, loss)"),
        (_CLOSED_OVER, "argument_not_used", "loss_fn(p), never uses p and reads params"),
        (
            _ACCURACY_FIRST.replace(
                "jax.value_and_grad(accuracy_and_loss, has_aux=True)",
                "jax.value_and_grad(lambda p, x, y: loss_and_accuracy(p, x, y)[::-1], "
                "has_aux=True)",
            ),
            "accuracy_differentiated",
            "returns loss_and_accuracy(p, x, y)[::-1]",
        ),
        (_RETURNS_PARAMS, "no_update", "no step moved them"),
        ("    return (", "no_update", "no step moved them"),  # a file ast cannot read
    ],
)
def test_unmoved_params_name_a_zero_gradient_only_where_the_code_shows_it(body, ident, says):
    found = _named(_unchanged, _source(body))
    assert found.id == ident and says in found.message, found


def test_a_lambda_of_the_accuracy_is_read_as_the_accuracy_differentiated():
    body = """    grads = jax.grad(lambda p: loss_and_accuracy(p, x, y)[1])(params)
    return params, *loss_and_accuracy(params, x, y)"""
    found = _named(_unchanged, _source(body))
    assert found.id == "accuracy_differentiated"
    assert "returns loss_and_accuracy(p, x, y)[1]" in found.message


def test_code_alone_names_nothing_where_the_params_moved():
    """The accuracy differentiated in the code, yet the params descend: the values say
    the step is right, so the code is not blamed for it."""
    cases = has_aux.make_cases(0)
    answers = [(c.expected[0], c.expected[2], c.expected[1]) for c in cases]
    found = has_aux.HasAuxOracle().diagnose_cases(cases, answers, _source(_ACCURACY_FIRST))
    assert found.id == "swapped_outputs"


def test_an_argnums_tuple_is_named_only_where_the_code_has_one():
    info = {"type": "TypeError", "message": "tuple indices must be integers or slices, not str"}
    call = "(loss, accuracy), grads = jax.value_and_grad(loss_and_accuracy, {}has_aux=True)(params, x, y)"
    tuple_source = _source("    " + call.format("argnums=(0,), ") + "\n    return grads['w']")
    found = has_aux.HasAuxOracle().diagnose_error(info, tuple_source)
    assert found.id == "argnums_tuple" and "argnums=(0,) is a tuple" in found.message
    int_source = _source("    " + call.format("argnums=0, ") + "\n    return grads['w']")
    assert has_aux.HasAuxOracle().diagnose_error(info, int_source) is None
