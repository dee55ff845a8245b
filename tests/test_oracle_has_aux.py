"""The has_aux oracle: its float64 reference, and learner files checked in the real
sandbox (each mistake recognised, correct solutions written several ways passing)."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import LEARNERS, assert_mistake_recognised, learner_files, run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles import has_aux
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
    assert lesson.order == 4 and lesson.requires == ("argnums",)
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
    assert max(b for shapes in drawn for b, _ in shapes) >= 40
    # each distinct shape is one compile of the learner's function: keep them few, and
    # keep one that is not square so a transposed gradient cannot pass
    assert all(len(shapes) <= 3 and any(b != d for b, d in shapes) for shapes in drawn)
    rates = [c.args[3] for seed in range(40) for c in has_aux.make_cases(seed)]
    assert min(rates) < 0.01 and max(rates) > 5  # decades of learning rates
    for case in cases:
        params, x, _, lr = case.args
        # off zero by far more than float32 can move them: each prediction is certain
        assert np.min(np.abs(x @ params["w"] + params["b"])) > 0.005
        assert lr != 1.0
        new_params, _, _ = case.expected
        assert new_params["b"].shape == ()


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
