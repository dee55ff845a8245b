"""The argnums oracle: its float64 reference, and learner files checked in the real
sandbox (each mistake recognised, correct solutions written several ways passing)."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import LEARNERS, assert_mistake_recognised, learner_files, run_check
from jaxtutor.oracles import argnums
from jaxtutor.verdict import Outcome

# learner file -> (misconception id, outcome, words the diagnosis must say)
MISTAKES = {
    "mistake_wrong_argnums.py": (
        "wrong_argnums",
        Outcome.WRONG_ANSWER,
        "entry 0 is dloss/dscale, entry 1 is dloss/dw",
    ),
    "mistake_single_gradient.py": ("single_gradient", Outcome.WRONG_ANSWER, "only dloss/dw"),
    "mistake_swapped_order.py": (
        "swapped_order",
        Outcome.WRONG_ANSWER,
        "You returned (dloss/dx, dloss/dw)",
    ),
    "mistake_non_scalar_loss.py": ("non_scalar_loss", Outcome.EXCEPTION, "single number"),
    # the wrong targets computed from the reference: the function uncalled, the loss
    # value beside the gradients, the gradients times scale again; and names as argnums
    "mistake_grad_not_called.py": ("grad_not_called", Outcome.WRONG_ANSWER, "a function"),
    "mistake_value_and_grad_pair.py": (
        "value_and_grad_pair",
        Outcome.WRONG_ANSWER,
        "entry 0 is the loss value, 7,",
    ),
    "mistake_scale_applied_twice.py": (
        "scale_applied_twice",
        Outcome.WRONG_ANSWER,
        "times scale, on every case",
    ),
    "mistake_argnums_names.py": ("argnums_names", Outcome.EXCEPTION, 'names ("w", "x")'),
}


def test_every_mistake_file_is_listed():
    assert {p.name for p in learner_files("argnums", "mistake_")} == set(MISTAKES)
    assert {ident for ident, _, _ in MISTAKES.values()} == set(argnums.MISCONCEPTIONS)


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_mistake_recognised(name):
    assert_mistake_recognised("argnums", name, MISTAKES[name], argnums.MISCONCEPTIONS)


def test_exception_points_at_the_learners_line():
    verdict = run_check("argnums", LEARNERS / "argnums" / "mistake_non_scalar_loss.py")
    assert "scalar-output" in verdict.message
    assert "grad_w_and_x" in verdict.message  # the learner's frame, not the runner's
    assert "jaxtutor" not in verdict.message.split("In your code:")[-1]
    assert verdict.line is not None


@pytest.mark.parametrize("path", learner_files("argnums", "correct_"), ids=lambda p: p.stem)
def test_correct_solution_passes(path):
    verdict = run_check("argnums", path)
    assert verdict.passed, (
        verdict.message + "\n" + "\n".join(f"{t.name}: {t.message}" for t in verdict.tests)
    )


# -- the diagnosis alone: no sandbox, no JAX ----------------------------------------------


def _first_case():
    case = argnums.make_cases(seed=0)[0]
    return case, argnums.gradients(*case.args)


def test_diagnosis_names_every_entry():
    case, g = _first_case()
    three = argnums.ArgnumsOracle().diagnose(case, (g["w"], g["x"], g["y"]))
    assert three.id == "wrong_argnums"
    assert "entry 0 is dloss/dw, entry 1 is dloss/dx, entry 2 is dloss/dy" in three.message
    one = argnums.ArgnumsOracle().diagnose(case, (g["x"],))
    assert one.id == "single_gradient" and "entry 0 is dloss/dx" in one.message


def test_unrecognised_answers_get_no_diagnosis():
    case, g = _first_case()
    oracle = argnums.ArgnumsOracle()
    assert oracle.diagnose(case, ()) is None
    assert oracle.diagnose(case, (g["w"], g["x"] * 2)) is None


def test_reference_gradient_matches_finite_differences():
    for case in argnums.make_cases(seed=1):
        scale, w, x, y = case.args
        dw, dx = case.expected
        eps = 1e-6

        def loss(w_, x_, scale=scale, y=y):
            return scale * np.sum((x_ @ w_ - y) ** 2)

        for i in range(w.size):
            step = np.eye(w.size)[i] * eps
            assert np.isclose(
                (loss(w + step, x) - loss(w - step, x)) / (2 * eps), dw[i], rtol=1e-6, atol=1e-6
            )
        i, j = x.shape[0] - 1, x.shape[1] - 1
        step = np.zeros_like(x)
        step[i, j] = eps
        assert np.isclose(
            (loss(w, x + step) - loss(w, x - step)) / (2 * eps), dx[i, j], rtol=1e-6, atol=1e-6
        )


def test_no_drawn_case_but_the_exact_fit_is_answered_by_zeros():
    # an example on its target, or a zero one, at the edge of one example: a gradient of
    # zeros, which an answer returning zeros whatever it is given would pass. The exact
    # fit (y = x @ w) is zero on purpose, and only it
    from jaxtutor.oracles.argnums import make_cases

    for seed in range(60):
        cases = make_cases(seed)
        [fit] = [case for case in cases if "exact fit" in case.name]
        for case in cases:
            if case is not fit:
                assert any(np.any(np.asarray(g) != 0) for g in case.expected), (seed, case.name)
        assert all(np.all(np.asarray(g) == 0) for g in fit.expected), seed
