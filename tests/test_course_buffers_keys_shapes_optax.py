"""The lessons on donated buffers, keys per step, dynamic shapes and optax: learner files
written apart from the lessons' own mutants, checked with the real sandbox and oracle (a
right answer in another style passes; each wrong one is named as its mistake, with the
hint aimed at it), and the hidden cases of the float lessons stay exact in float32."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import LEARNERS, learner_files, run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic.cases import make_cases
from jaxtutor.oracles.generic.compare import differs
from jaxtutor.oracles.values import ATOL, RTOL

# exercise -> learner file -> the mistake it must be named as (None: it must pass)
EXPECTED = {
    "donated_buffers": {
        "correct_where_offsets.py": None,
        "mistake_loop_past_end.py": "no_wrap",
        "mistake_update_slice_in_dim.py": "dynamic_update_slice_clamps",
    },
    "keys_per_step": {
        "correct_step_in_carry.py": None,
        "mistake_noise_drawn_once.py": "same_key_every_step",
        "mistake_prngkey_of_step.py": "key_from_step_only",
    },
    "dynamic_shapes": {
        "correct_mean_where.py": None,
        "mistake_mean_of_relu.py": "divided_by_n",
        "mistake_count_nonzero_no_guard.py": "empty_gives_nan",
        "mistake_filter_by_where.py": "boolean_filter",
    },
    "optax_basics": {
        "correct_value_and_grad_dict.py": None,
        "mistake_init_every_step.py": "state_not_carried",
        "mistake_negated_updates.py": "updates_subtracted",
        "mistake_scaled_by_lr.py": "lr_applied_twice",
    },
}
CASES = [(exercise, name) for exercise, files in EXPECTED.items() for name in files]


def test_every_learner_file_is_listed():
    for exercise, files in EXPECTED.items():
        # without_*.py: a mutant's symptom without its construct (test_needs_silent.py)
        on_disk = {p.name for p in learner_files(exercise, "") if not p.name.startswith("without_")}
        assert on_disk == set(files), exercise


def test_each_lesson_names_at_least_three_mistakes():
    for exercise in EXPECTED:
        lesson = find_exercise(exercise, builtin_lessons())
        assert lesson is not None and lesson.part == "The wider toolbox", exercise
        assert len({m["id"] for m in lesson.exercise.config["mutants"]}) >= 3, exercise


@pytest.mark.parametrize("exercise, name", CASES, ids=[f"{e}/{n[:-3]}" for e, n in CASES])
def test_learner_file_gets_the_right_verdict(exercise, name):
    expected = EXPECTED[exercise][name]
    verdict = run_check(exercise, LEARNERS / exercise / name)
    if expected is None:
        assert verdict.status == "pass", verdict.message
        return
    assert verdict.status != "pass", verdict.message
    assert verdict.diagnosis is not None and verdict.diagnosis.id == expected, verdict.message
    lesson = find_exercise(exercise, builtin_lessons())
    hints = {m["id"]: m["hint"] for m in lesson.exercise.config["mutants"]}
    assert verdict.hint == hints[expected]


# -- hidden cases stay exact in float32 ------------------------------------------------


def _positive_mean_f32(x):
    x = np.asarray(x, np.float32)
    kept = x[x > 0]
    return np.float32(kept.sum(dtype=np.float32) / np.float32(kept.size)) if kept.size else 0.0


def _adam_f32(w, x_batches, y_batches, lr):
    """Adam as optax runs it, every value float32."""
    f = np.float32
    w, lr = np.asarray(w, f), f(lr)
    mu, nu = np.zeros_like(w), np.zeros_like(w)
    for t, (x, y) in enumerate(zip(np.asarray(x_batches, f), np.asarray(y_batches, f)), 1):
        g = f(2) * x.T @ (x @ w - y) / f(len(y))
        mu = f(0.9) * mu + f(0.1) * g
        nu = f(0.999) * nu + f(0.001) * g * g
        mu_hat, nu_hat = mu / (f(1) - f(0.9) ** t), nu / (f(1) - f(0.999) ** t)
        w = w - lr * mu_hat / (np.sqrt(nu_hat) + f(1e-8))
    return w


FLOAT32 = {"dynamic_shapes": _positive_mean_f32, "optax_basics": _adam_f32}


@pytest.mark.parametrize("lesson_id", sorted(FLOAT32))
def test_hidden_cases_stay_exact_in_float32(lesson_id):
    ex = find_exercise(lesson_id, builtin_lessons()).exercise
    namespace: dict = {}
    exec(ex.config["reference"], namespace)
    reference = namespace[ex.function]
    # a tenth of the tolerance each case is compared at (the lesson's, or the case's
    # own), compared as the oracle compares answers
    general = {"rtol": ex.config.get("rtol", RTOL), "atol": ex.config.get("atol", ATOL)}
    for seed in range(300):
        for case in make_cases(ex.config, seed):
            if case.hidden:
                own = {"rtol": case.rtol, "atol": case.atol}
                tight = {k: (general[k] if own[k] is None else own[k]) / 10 for k in general}
                want = np.asarray(reference(*case.args))
                got = np.asarray(FLOAT32[lesson_id](*case.args))
                assert differs(got, want, tight) is None, (seed, case)
