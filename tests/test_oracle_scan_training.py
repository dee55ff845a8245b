"""The scan_training_step oracle: its reference and mutants (fast, no child), then real
learner files through the real sandbox. Each learner file says on its first line what
it should get: `# expect: pass`, `# expect: fail ID` or `# expect: error ID`."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from conftest import LEARNERS, forked, run_check
from jaxtutor.check import check_source
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles import get
from jaxtutor.oracles.scan_training.exercise import (
    ATOL,
    MISCONCEPTIONS,
    MUTANT_ATOL,
    MUTANT_RTOL,
    MUTANTS,
    RTOL,
    STRUCTURE_TEST,
    make_cases,
    reference,
    trajectory,
)
from jaxtutor.oracles.values import matches

EXERCISE = "scan_training_step"
FILES = sorted((LEARNERS / EXERCISE).glob("*.py"))
REQUIRED = [
    "sum_at_initial_weight",
    "reused_first_row",
    "mean_instead_of_sum",
    "returned_history",
    "sign_flipped",
    "no_scan",
    "reversed_order",
    "not_scalar",
]


def expectation(path) -> tuple[str, str | None]:
    words = path.read_text().splitlines()[0].removeprefix("# expect:").split()
    return words[0], (words[1] if len(words) > 1 else None)


@functools.cache
def verdict(name: str):
    return run_check(EXERCISE, LEARNERS / EXERCISE / name)


def lesson():
    return find_exercise(EXERCISE, builtin_lessons())


# -- the reference, without a child --------------------------------------------------


def test_worked_example_step_by_step():
    grads, weights = trajectory(0.0, 0.1, np.ones((2, 2)), np.ones((2, 2)))
    np.testing.assert_allclose(grads, [-4.0, -2.4])
    np.testing.assert_allclose(weights, [0.4, 0.64])
    # why more cases are needed: on identical rows several mistakes land on 0.64 too
    same = [
        n
        for n, m in MUTANTS.items()
        if np.isclose(m(0.0, 0.1, np.ones((2, 2)), np.ones((2, 2))), 0.64)
    ]
    assert {"reused_first_row", "reversed_order"} <= set(same)


def _float32_final(w, lr, xs, ys) -> np.float32:
    """The learner's arithmetic: every step in float32."""
    w, lr, two = np.float32(w), np.float32(lr), np.float32(2)
    for x, y in zip(xs.astype(np.float32), ys.astype(np.float32)):
        w = w - lr * (two * np.sum((w * x - y) * x))
    return w


def test_cases_cover_the_space_and_stay_exact_in_float32():
    cases = make_cases(0)
    drawn = [{c.args[2].shape for c in make_cases(seed)} for seed in range(40)]
    # one batch, one example, and far past the lesson's shapes, across draws
    assert any(n == 1 for shapes in drawn for n, _ in shapes)
    assert any(b == 1 for shapes in drawn for _, b in shapes)
    assert max(n for shapes in drawn for n, _ in shapes) >= 40
    assert max(b for shapes in drawn for _, b in shapes) >= 28
    # one compile of the learner's function per distinct shape: the hand cases' two and
    # two drawn (the composition property adds half the large one)
    assert all(len(shapes) <= 4 for shapes in drawn)
    assert all(c.args[2].shape == c.args[3].shape for c in cases)
    assert np.isclose(cases[0].expected, 0.64)
    for seed in range(200):  # whatever the draw, float32 steps land well inside tolerance
        for case in make_cases(seed):
            assert np.isclose(_float32_final(*case.args), case.expected, RTOL / 10, ATOL / 10)
    assert [c.inputs for c in make_cases(0)] == [c.inputs for c in cases]  # seeded
    assert [c.inputs for c in make_cases(1)] != [c.inputs for c in cases]


@pytest.mark.parametrize("seed", range(20))
def test_every_mutant_is_told_apart(seed):
    cases = make_cases(seed)
    outputs = {n: [m(*c.args) for c in cases] for n, m in MUTANTS.items()}
    outputs["reference"] = [c.expected for c in cases]
    for a, b in itertools.combinations(outputs, 2):
        assert not all(
            matches(x, y, MUTANT_RTOL * 10, MUTANT_ATOL * 10)
            for x, y in zip(outputs[a], outputs[b])
        ), (a, b)


def test_misconceptions_have_targeted_hints():
    assert set(REQUIRED) <= set(MISCONCEPTIONS)
    assert set(MUTANTS) <= set(MISCONCEPTIONS)
    assert get(EXERCISE).misconceptions is MISCONCEPTIONS
    assert len({m.hint for m in MISCONCEPTIONS.values()}) == len(MISCONCEPTIONS)


def test_reference_is_plain_numpy():
    one_step = reference(1.0, 0.05, np.array([[1.0, 2.0]]), np.array([[3.0, 5.0]]))
    assert one_step == pytest.approx(1.8)  # 1 - 0.05 * 2 * ((1 - 3) * 1 + (2 - 5) * 2)


# -- learner files through the sandbox -----------------------------------------------


def test_every_required_misconception_has_a_learner_file():
    expected_ids = {expectation(f)[1] for f in FILES}
    assert set(REQUIRED) <= expected_ids


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_learner_file(path):
    status, diagnosis_id = expectation(path)
    v = verdict(path.name)
    assert v.status == status, (v.outcome, v.message)
    if status == "pass":
        assert v.diagnosis is None and all(t.status == "pass" for t in v.tests)
        return
    assert v.diagnosis is not None, v.message
    assert v.diagnosis.id == diagnosis_id, v.message
    assert v.hint == MISCONCEPTIONS[diagnosis_id].hint


def test_worked_example_is_a_named_test():
    names = [t.name for t in verdict("correct_plain.py").tests]
    assert names[0].startswith("worked example: w=0, lr=0.1")
    assert names[-1] == STRUCTURE_TEST and len(names) >= 9


def test_an_unrolled_scan_is_a_scan():
    """unroll=2: two batches per pass of the loop, and no loop at all with two batches or
    fewer (JAX unrolls it whole), which the rule accepts because the three-batch program
    shows the loop taking two a step."""
    assert verdict("correct_unroll.py").passed


def test_python_loop_gets_the_numbers_right_but_fails_the_scan_test():
    tests = {t.name: t for t in verdict("mistake_no_scan_python_loop.py").tests}
    assert tests.pop(STRUCTURE_TEST).status == "fail"
    assert all(t.status == "pass" for t in tests.values())


def test_reversed_order_table_points_at_the_second_step():
    d = verdict("mistake_reversed_order.py").diagnosis
    assert d.step == 1 and d.table.highlight == 1
    assert "reverse=True" in d.message and "step 1" in d.message
    assert d.table.columns == [
        "step",
        "expected gradient",
        "your step / lr",
        "expected w",
        "your w",
    ]
    rows = d.table.rows
    # the distinct-rows case: w=1, lr=0.05; one batch alone is the same either way, so
    # the learner's first step took the expected gradient, and its second did not
    assert rows[0] == ["0", "-16.0000", "-16.0000", "1.8000", "1.8000"]
    assert rows[1][2] != rows[1][1]
    assert [r[3] for r in rows] == ["1.8000", "0.9000"]
    assert rows[1][3] != rows[1][2]


def test_sum_at_initial_weight_table_keeps_the_first_step():
    d = verdict("mistake_sum_at_initial_weight.py").diagnosis
    assert d.step == 1 and d.table.rows[0][3] == "1.8000"


def test_carry_error_is_explained_and_recognised():
    v = verdict("mistake_carry_mismatch.py")
    assert v.outcome.name == "EXCEPTION"
    assert "float32[2]" in v.diagnosis.message
    assert "carry" in v.message and v.line is not None


def test_lesson_starter_fails_and_solution_passes():
    exercise = lesson().exercise
    assert check_source(exercise, exercise.solution, **forked(exercise)).passed
    assert check_source(exercise, exercise.starter, **forked(exercise)).status != "pass"


def test_lesson_explanation_shows_the_step_table():
    text = lesson().explanation
    for number in ("-4.00", "-2.40", "0.40", "0.64"):
        assert number in text
    assert len(lesson().exercise.hints) >= 4


# -- the scan test cannot be answered by the learner's own process --------------------

ATTACKS = sorted((LEARNERS / EXERCISE).glob("attack_*.py"))


@pytest.mark.parametrize("path", ATTACKS, ids=lambda p: p.stem)
def test_attack_gets_every_number_right_but_fails_the_scan_test(path):
    """Each attack is almost right (its answers are the reference's), and each passed
    when the learner's own process was asked whether it used a scan."""
    v = verdict(path.name)
    tests = {t.name: t for t in v.tests}
    assert tests.pop(STRUCTURE_TEST).status == "fail"
    assert all(t.status == "pass" for t in tests.values()), v.message
    assert v.diagnosis.id == "no_scan"


def test_a_forged_program_with_a_host_callback_is_refused_not_run():
    v = verdict("attack_forged_callback_program.py")
    assert "host callback" in v.diagnosis.message


def test_each_way_of_breaking_the_rule_is_said_as_it_was_found():
    said = {name: verdict(name).diagnosis.message for name in ATTACK_WORDS}
    for name, words in ATTACK_WORDS.items():
        assert words in said[name], (name, said[name])


# what the structure test says of each attack: what was found, in the learner's words
ATTACK_WORDS = {
    "attack_scan_result_discarded.py": "do not reach what your function returns",
    "attack_length_one_scans.py": "separate scan for each batch",
    "attack_map_beside_loop.py": "Outside its loop over x_batches and y_batches",
    "attack_while_index.py": "reads x_batches[i] by an index it computes",
    "attack_scan_over_arange.py": "reads x_batches[i] by an index it computes",
    "attack_python_loop_in_body.py": "reads x_batches[i] by an index it computes",
    "attack_every_batch_in_body.py": "reads every row of x_batches, one at a time",
    "attack_map_then_python_loop.py": "takes single rows of what a loop over",
}


def test_debug_print_in_the_body_passes_and_still_prints():
    v = verdict("correct_debug_print.py")
    assert v.passed
    assert "step weight" in v.output


def test_a_loss_that_never_reads_its_parameter_is_named_as_the_cause():
    """A scan whose loss reads the outer w leaves every gradient 0: the carry is never
    updated, and the code shows why."""
    source = """
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch

        def loss(params):
            return jnp.sum((w0 * x - y) ** 2)

        return w - lr * jax.grad(loss)(w), None

    w0 = w
    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
"""
    exercise = lesson().exercise
    v = check_source(exercise, source, seed=0, **forked(exercise))
    assert v.diagnosis is not None and v.diagnosis.id == "carry_never_updated", v.message
    assert "`loss` never reads its parameter `params`" in v.diagnosis.message
    assert "`params`" in v.hint
