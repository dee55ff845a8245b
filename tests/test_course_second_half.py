"""The second half of the course (lessons 11-17): learner files written independently of
the lessons' own mutants, checked with the real sandbox and oracle. A correct variant
passes; each wrong one is named as its mistake, with the hint aimed at it."""

from __future__ import annotations

import pytest

from conftest import LEARNERS, learner_files, run_check
from jaxtutor.lessons import builtin_lessons, find_exercise

# exercise -> learner file -> the mistake it must be named as (None: it must pass)
EXPECTED = {
    "purity_under_jit": {
        "correct_where.py": None,
        "mistake_float_of_norm.py": "item_on_tracer",
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
    },
    "optimizer_state": {
        "correct_step_in_carry.py": None,
        "mistake_plain_sgd.py": "velocity_not_carried",
        "mistake_no_schedule.py": "constant_lr",
        "mistake_for_loop.py": "python_loop",
    },
    "capstone_training_run": {
        "correct_norms_by_hand.py": None,
        "mistake_clip_after_mean.py": "clipped_the_mean",
        "mistake_python_loops.py": "python_loops",
    },
}
CASES = [(exercise, name) for exercise, files in EXPECTED.items() for name in files]


def test_every_learner_file_is_listed():
    for exercise, files in EXPECTED.items():
        on_disk = {p.name for p in learner_files(exercise, "")}
        assert on_disk == set(files), exercise


def test_each_new_exercise_has_its_learner_files_and_named_mistakes():
    lessons = builtin_lessons()
    for exercise, files in EXPECTED.items():
        lesson = find_exercise(exercise, lessons)
        assert lesson is not None and lesson.part == "The wider toolbox", exercise
        mutants = {m["id"] for m in lesson.exercise.config.get("mutants", [])}
        assert len(mutants) >= 2, exercise
        named = {mistake for mistake in files.values() if mistake}
        assert named <= mutants, exercise
        assert len(named) >= 2 and None in files.values(), exercise


@pytest.mark.parametrize("exercise, name", CASES, ids=[f"{e}/{n[:-3]}" for e, n in CASES])
def test_learner_file_gets_the_right_verdict(exercise, name):
    expected = EXPECTED[exercise][name]
    verdict = run_check(exercise, LEARNERS / exercise / name)
    if expected is None:
        assert verdict.status == "pass", verdict.message
        return
    assert verdict.status != "pass", verdict.message
    assert verdict.diagnosis is not None, verdict.message
    assert verdict.diagnosis.id == expected, verdict.message
    lesson = find_exercise(exercise, builtin_lessons())
    hints = {m["id"]: m["hint"] for m in lesson.exercise.config["mutants"]}
    assert verdict.hint == hints[expected]
