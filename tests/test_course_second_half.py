"""The second half of the course (lessons 11-17): learner files written independently of
the lessons' own mutants, checked with the real sandbox and oracle. A correct variant
passes; each wrong one is named as its mistake, with the hint aimed at it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from conftest import LEARNERS, learner_files, run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.explain import KNOWN
from jaxtutor.oracles.generic.cases import make_cases
from jaxtutor.oracles.generic.compare import differs
from jaxtutor.oracles.values import ATOL, RTOL


@dataclass(frozen=True)
class Structure:
    """Right numbers, but the scan rule broken in a way no mutant names: only the
    structure test fails, and its message says what was found (these words)."""

    words: str


# exercise -> learner file -> the mistake it must be named as (None: it must pass)
EXPECTED = {
    "purity_under_jit": {
        "correct_where.py": None,
        # float() raises another message than the mutant's .item(): JAX's error catalogue
        # names it (the explain package), with the same cause
        "mistake_float_of_norm.py": "tracer_to_python_number",
        "mistake_if_rescale.py": "python_if_on_tracer",
        "mistake_jit_removed.py": "removed_jit",
    },
    "pytrees": {
        "correct_argnums.py": None,
        "mistake_lambda_names_swapped.py": "swapped_tree_order",
        "mistake_bias_forgotten.py": "only_w_updated",
    },
    "immutable_arrays": {
        "correct_scatter_add.py": None,
        "correct_masks.py": None,
        "mistake_numpy_style.py": "in_place_update",
        "mistake_at_not_assigned.py": "result_discarded",
        "mistake_set_in_loop.py": "set_not_add",
    },
    "random_keys": {
        "correct_vmap.py": None,
        "mistake_one_key.py": "same_key_twice",
        "mistake_parent_first.py": "parent_key_reused",
    },
    "control_flow": {
        "correct_scan_cond.py": None,
        "mistake_while_counter.py": "while_loop_grad",
        "mistake_if_in_scan.py": "python_if_on_tracer",
        "mistake_default_argnums.py": "gradient_of_w0",
        "mistake_jitted_python_if.py": "python_if_on_tracer",
        # right answers under plain grad; the rule that asks for a lax loop fails them
        "mistake_python_loop_if.py": "python_loop",
        "mistake_python_loop_where.py": "python_loop",
    },
    "optimizer_state": {
        "correct_step_in_carry.py": None,
        "correct_unroll.py": None,
        "mistake_plain_sgd.py": "velocity_not_carried",
        "mistake_no_schedule.py": "constant_lr",
        "mistake_for_loop.py": "python_loop",
        "mistake_while_index.py": "index_loop",
        "attack_scan_over_arange.py": "index_loop",
        "attack_python_loop_in_body.py": "index_loop",
        "attack_map_beside_python_loop.py": Structure("Outside its loop over x_batches"),
    },
    "capstone_training_run": {
        "correct_norms_by_hand.py": None,
        "correct_inner_unroll.py": None,
        "correct_split_batches.py": None,
        "mistake_clip_after_mean.py": "clipped_the_mean",
        "mistake_python_loops.py": "python_loops",
        "mistake_inner_python_loop.py": "inner_python_loop",
        "attack_inner_while_index.py": Structure("reads X[i] by an index it computes"),
        "attack_outer_while_index.py": Structure("reads epoch_seeds[i] by an index"),
        "attack_inner_scan_over_arange.py": Structure("reads X[i] by an index it computes"),
        "attack_map_beside_python_loop.py": Structure("Outside its loop over X and Y"),
    },
}
CASES = [(exercise, name) for exercise, files in EXPECTED.items() for name in files]


def test_every_learner_file_is_listed():
    for exercise, files in EXPECTED.items():
        # without_*: a mutant's symptom without its construct (test_needs_silent.py)
        on_disk = {p.name for p in learner_files(exercise, "") if not p.name.startswith("without_")}
        assert on_disk == set(files), exercise


def test_each_new_exercise_has_its_learner_files_and_named_mistakes():
    lessons = builtin_lessons()
    for exercise, files in EXPECTED.items():
        lesson = find_exercise(exercise, lessons)
        assert lesson is not None and lesson.part == "The wider toolbox", exercise
        mutants = {m["id"] for m in lesson.exercise.config.get("mutants", [])}
        assert len(mutants) >= 2, exercise
        named = {mistake for mistake in files.values() if mistake in mutants}
        assert len(named) >= 2 and None in files.values(), exercise


@pytest.mark.parametrize("exercise, name", CASES, ids=[f"{e}/{n[:-3]}" for e, n in CASES])
def test_learner_file_gets_the_right_verdict(exercise, name):
    expected = EXPECTED[exercise][name]
    verdict = run_check(exercise, LEARNERS / exercise / name)
    if expected is None:
        assert verdict.status == "pass", verdict.message
        return
    if isinstance(expected, Structure):
        failed = [t for t in verdict.tests if t.status != "pass"]
        assert [t.name for t in failed] == ["structure: uses `scan`"], verdict.message
        assert expected.words in failed[0].message, failed[0].message
        return
    assert verdict.status != "pass", verdict.message
    assert verdict.diagnosis is not None, verdict.message
    assert verdict.diagnosis.id == expected, verdict.message
    lesson = find_exercise(exercise, builtin_lessons())
    hints = {m["id"]: m["hint"] for m in lesson.exercise.config["mutants"]}
    if expected in hints:  # a lesson's mistake gives its own hint
        assert verdict.hint == hints[expected]
    else:  # the catalogue's: a known JAX error, never a false cause
        assert expected in {k.id for k in KNOWN} and verdict.hint


def test_a_python_if_that_plain_grad_runs_fails_control_flow_by_its_loop_rule():
    # a Python loop with a Python if on w: jax.grad alone runs it on the numbers and gets
    # every answer right; the exercise asks for a lax loop, whose program the checker
    # compiles, and compiled, the if cannot trace
    verdict = run_check("control_flow", LEARNERS / "control_flow" / "mistake_python_loop_if.py")
    failed = [t for t in verdict.tests if t.status != "pass"]
    assert [t.name for t in failed] == ["structure: uses `while`"], verdict.message
    assert "could not be compiled with jax.jit" in failed[0].message
    assert len(verdict.tests) > 1 and verdict.status != "pass"


# -- hidden cases stay exact in float32 ------------------------------------------------


def _f32(a):
    return np.asarray(a, dtype=np.float32)


def _arrays(tree):
    """Every leaf an array, as answers come back from a child."""
    if isinstance(tree, dict):
        return {k: _arrays(v) for k, v in tree.items()}
    if isinstance(tree, tuple):
        return tuple(_arrays(v) for v in tree)
    return np.asarray(tree)


def _clip_f32(g, max_norm):
    g = _f32(g)
    with np.errstate(divide="ignore"):  # the zero gradient: min(1, inf) is 1, as in JAX
        return g * np.minimum(np.float32(1), np.float32(max_norm) / np.sqrt(np.sum(g * g)))


def _sgd_tree_f32(w, b, x, y, lr):
    w, b, x, y, lr = _f32(w), _f32(b), _f32(x), _f32(y), np.float32(lr)
    r = x @ w + b - y
    return {"w": w - lr * 2 * (x.T @ r), "b": b - lr * 2 * np.sum(r)}


def _totals_f32(labels, values):
    totals = np.zeros(3, np.float32)
    np.add.at(totals, labels, _f32(values))
    return totals


def _final_and_grad_f32(w0, rate):
    w, dw, rate = _f32(w0), np.float32(0), _f32(rate)
    for _ in range(4):
        if w > 1:
            w, dw = w * (1 - rate), dw * (1 - rate) - w
        else:
            w, dw = w + rate, dw + 1
    return w, dw


def _momentum_f32(w, xs, ys, lr):
    w, v, lr, losses = _f32(w), np.float32(0), np.float32(lr), []
    for t, (x, y) in enumerate(zip(_f32(xs), _f32(ys))):
        losses.append(np.sum((w * x - y) ** 2))
        v = np.float32(0.9) * v + 2 * np.sum((w * x - y) * x)
        w = w - lr / np.float32(1 + t) * v
    return w, np.asarray(losses)


# the lessons whose references are plain arithmetic, as a learner's float32 code runs it
FLOAT32 = {
    "purity_under_jit": _clip_f32,
    "pytrees": _sgd_tree_f32,
    "immutable_arrays": _totals_f32,
    "control_flow": _final_and_grad_f32,
    "optimizer_state": _momentum_f32,
}


@pytest.mark.parametrize("lesson_id", sorted(FLOAT32))
def test_hidden_cases_stay_exact_in_float32(lesson_id):
    ex = find_exercise(lesson_id, builtin_lessons()).exercise
    namespace: dict = {}
    exec(ex.config["reference"], namespace)
    reference = namespace[ex.function]
    # a fifth of the lesson's tolerance, compared as the oracle compares answers: over
    # 300 checks of dozens of values each, the worst is 14% of it (pytrees, a step at
    # the largest shape and lr)
    tight = {"rtol": ex.config.get("rtol", RTOL) / 5, "atol": ex.config.get("atol", ATOL) / 5}
    for seed in range(300):
        for case in make_cases(ex.config, seed):
            if not case.hidden:
                continue
            want = _arrays(reference(*case.args))
            got = _arrays(FLOAT32[lesson_id](*case.args))
            assert differs(got, want, tight) is None, (seed, case)
