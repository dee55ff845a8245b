"""Lessons of the third part (vmap_basics, seeing_traces, where_nan, dtypes): learner files
written independently of the lessons' own mutants, checked with the real sandbox and
oracle; hidden cases that stay exact in float32; and the jaxpr a task prints, as JAX
prints it."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

from conftest import LEARNERS, learner_files, run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic.cases import make_cases
from jaxtutor.oracles.generic.compare import differs
from jaxtutor.oracles.values import ATOL, RTOL

# exercise -> learner file -> the mistake it must be named as (None: it must pass)
EXPECTED = {
    "vmap_basics": {
        "correct_transposed.py": None,
        "mistake_batch_by_hand.py": "whole_batch_norm",
        "mistake_loop_over_columns.py": "python_loop",
        "mistake_default_in_axes.py": "w_mapped_too",
        "mistake_fori_loop.py": "lax_map_loop",
    },
    "seeing_traces": {
        "correct_lax_primitives.py": None,
        "mistake_constant_ignored.py": "constant_left_out",
        "mistake_shift_other_way.py": "sub_reversed",
        "mistake_returns_max_first.py": "outputs_swapped",
    },
    "where_nan": {
        "correct_guarded_vector.py": None,
        "mistake_linalg_norm.py": "nan_gradient_at_zero",
        "mistake_inner_guard_only.py": "safe_value_reaches_output",
        "mistake_epsilon.py": "epsilon_under_sqrt",
        "mistake_clamped_square.py": "clamped_under_sqrt",
    },
    "dtypes": {
        "correct_divide_first.py": None,
        "mistake_cast_the_sum.py": "int32_sum_wraps",
        "mistake_rounded_to_int.py": "returned_int32",
        # cast back to float32, so no mutant's answers: named by its inf and its code
        "mistake_half_precision.py": "float16_in_the_way",
    },
}
CASES = [(exercise, name) for exercise, files in EXPECTED.items() for name in files]


def _lesson(exercise: str):
    lesson = find_exercise(exercise, builtin_lessons())
    assert lesson is not None, exercise
    return lesson


def test_every_learner_file_is_listed():
    for exercise, files in EXPECTED.items():
        # without_*.py: a mutant's symptom without its construct (test_needs_silent.py)
        on_disk = {p.name for p in learner_files(exercise, "") if not p.name.startswith("without_")}
        assert on_disk == set(files), exercise


def test_each_lesson_names_at_least_three_mistakes():
    for exercise in EXPECTED:
        config = _lesson(exercise).exercise.config
        assert len({m["id"] for m in config["mutants"]}) >= 3, exercise


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
    config = _lesson(exercise).exercise.config
    hints = {m["id"]: m["hint"] for m in config["mutants"] + config.get("mistakes", [])}
    assert verdict.hint == hints[expected]


# -- hidden cases stay exact in float32 ------------------------------------------------


def _f32(a):
    return np.asarray(a, dtype=np.float32)


def _cosine_scores_f32(w, X):
    w, X = _f32(w), _f32(X)
    return (w @ X) / (np.sqrt(np.sum(X * X, axis=0)) * np.sqrt(np.sum(w * w)))


def _mystery_f32(x, t):
    e = _f32(x) * np.float32(t) + _f32([0.5, -1.0, 2.0])
    return np.exp(e - e.max()), e.max()


def _safe_norm_and_grad_f32(x):
    x = _f32(x)
    norm = np.sqrt(np.sum(x * x))
    return norm, (x / norm if norm > 0 else np.zeros_like(x))


def _mean_count_f32(counts):
    return np.mean(_f32(counts), dtype=np.float32)


# each lesson's answer as a learner's float32 code computes it
FLOAT32 = {
    "vmap_basics": _cosine_scores_f32,
    "seeing_traces": _mystery_f32,
    "where_nan": _safe_norm_and_grad_f32,
    "dtypes": _mean_count_f32,
}


@pytest.mark.parametrize("lesson_id", sorted(FLOAT32))
def test_hidden_cases_stay_exact_in_float32(lesson_id):
    ex = _lesson(lesson_id).exercise
    namespace: dict = {}
    exec(ex.config["reference"], namespace)
    reference = namespace[ex.function]
    # a tenth of the lesson's tolerance
    tight = {"rtol": ex.config.get("rtol", RTOL) / 10, "atol": ex.config.get("atol", ATOL) / 10}
    for seed in range(300):
        for case in make_cases(ex.config, seed):
            if not case.hidden:
                continue
            want = reference(*case.args)
            got = FLOAT32[lesson_id](*case.args)
            want = tuple(map(np.asarray, want)) if isinstance(want, tuple) else np.asarray(want)
            got = tuple(map(np.asarray, got)) if isinstance(got, tuple) else np.asarray(got)
            assert differs(got, want, tight) is None, (seed, case)


def test_where_nan_checks_zero_and_tiny_vectors():
    """The two places where wrong answers agree with the reference everywhere else."""
    config = _lesson("where_nan").exercise.config
    hidden = [np.abs(c.args[0]) for c in make_cases(config, 0) if c.hidden]
    assert any(np.all(x == 0) for x in hidden)
    assert any(np.all((x > 0) & (x < 1e-6)) for x in hidden)


# -- seeing_traces: the task's jaxpr is the solution's ----------------------------------

PRINT_JAXPR = """
import jax, jax.numpy as jnp
namespace = {}
exec(SOLUTION, namespace)
closed = jax.make_jaxpr(namespace["mystery"])(jnp.zeros(3), jnp.float32(0.0))
print(closed)
print(closed.consts)
"""


def test_the_jaxpr_in_the_task_is_what_jax_prints_for_the_solution():
    lesson = _lesson("seeing_traces")
    shown = re.search(r"```text\n(.*?)\n```", lesson.explanation, re.S)
    assert shown is not None
    code = f"SOLUTION = {lesson.exercise.solution!r}\n{PRINT_JAXPR}"
    printed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"},
        check=True,
    ).stdout.splitlines()
    assert "\n".join(printed[:-1]) == shown.group(1)
    assert f"Its `.consts` are `{printed[-1]}`" in lesson.explanation
