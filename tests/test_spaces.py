"""Cases drawn from each exercise's whole input space, properties, and the smallest
failing case (issue 30). Answers wrong only at shapes the old fixed cases never used, or
only beyond their ranges, each fail ONE check with a fresh draw; properties say what
failed in the learner's words; a failed hidden case is shown at its smallest; the
solutions pass whatever the draw (Hypothesis picks the seeds)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import LEARNERS, forked, run_check
from jaxtutor.check import check_source
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles import properties
from jaxtutor.oracles.cases import hidden_case
from jaxtutor.oracles.generic.cases import make_cases
from jaxtutor.oracles.shrink import Size, smallest
from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.verdict import Outcome

SPACES = LEARNERS / "spaces"
ATTACKS = LEARNERS.parent / "attacks"

# each file: the exercise, and why it passed the fixed shapes and ranges of before
WRONG = {
    # wrong only at shapes the old cases never used
    "scan_first_3_batches.py": "scan_training_step",  # N was at most 3
    "argnums_first_2_features.py": "argnums",  # D was 1 or 2
    "has_aux_first_4_examples.py": "has_aux",  # B was 1 or 4
    "grad_basics_only_shown_sizes.py": "grad_basics",  # N was 1, 3 or 8 (2 fixed)
    # wrong only beyond the old ranges
    "scan_clipped_at_2000.py": "scan_training_step",
    "argnums_clipped_at_1e4.py": "argnums",
    "has_aux_lr_capped_at_2.py": "has_aux",  # lr was at most 2.0
    "purity_nan_at_zero.py": "purity_under_jit",  # no case had g = 0
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_an_answer_wrong_only_somewhere_in_the_space_fails_one_fresh_check(name):
    verdict = run_check(WRONG[name], SPACES / name, seed=None)  # a learner's check: fresh
    assert verdict.outcome is Outcome.WRONG_ANSWER, (verdict.seed, verdict.message)
    # right on the lesson's own cases: only the space drawn from finds it
    assert any(t.status == "pass" for t in verdict.tests)


def test_the_files_hold_what_they_say():
    assert {p.name for p in SPACES.glob("*.py")} == set(WRONG)


def test_a_failed_property_says_which_in_the_learners_words():
    # a fixed draw: the words are this test's point, and a rare draw (a tiny lr, say)
    # can leave the two halves within the tolerance of the whole run
    verdict = run_check("scan_training_step", SPACES / "scan_first_3_batches.py", seed=0)
    (composed,) = [t for t in verdict.tests if t.name.startswith("property: training in two")]
    assert composed.status == "fail"
    assert re.match(
        r"training on the first (\d+) batches of hidden case 2 \(N=\d+, B=\d+\) ended at "
        r"w=\S+, and training on the other (\d+) from there ended at w=\S+; training on all "
        r"\d+ at once gave w=\S+\.",
        composed.message,
    ), composed.message


def test_the_smallest_failing_case_is_shown_with_its_step_table():
    verdict = run_check("scan_training_step", SPACES / "scan_first_3_batches.py", seed=5)
    said = re.search(
        r"the smallest case like it that your function also gets wrong has N=(\d+)",
        verdict.diagnosis.message,
    )
    assert said, verdict.message
    # training on 3 batches is right on 3 or fewer: the smallest wrong case has 4
    assert int(said[1]) == 4
    table = verdict.diagnosis.table
    assert len(table.rows) == 4 and table.highlight == 3 and verdict.diagnosis.step == 3


def test_an_oracle_without_a_step_table_shows_the_smallest_case_too():
    verdict = run_check("argnums", SPACES / "argnums_first_2_features.py", seed=5)
    said = re.search(
        r"smallest case like it that your function also gets wrong has B=(\d+), D=(\d+)",
        verdict.message,
    )
    assert said, verdict.message
    assert int(said[1]) == 1 and int(said[2]) == 3  # one example, one feature too many


def test_a_case_shrinks_only_to_sizes_the_task_allows():
    # wrong at every size: the search ends at the least each size may take, a range's
    # min and a list's smallest entry, never a size the task does not ask
    asked = []

    def fails(args):
        asked.append(args[0].shape)
        return True

    sizes = (Size("T", ((0, 0),), least=3), Size("D", ((0, 1),), only=(2, 8)))
    found = smallest((np.zeros((16, 8)),), sizes, fails)
    assert found is not None and found.sizes == {"T": 3, "D": 2}
    assert all(t >= 3 and d in (2, 8) for t, d in asked), asked
    # a list of one size leaves that size as it is
    found = smallest((np.zeros((16, 4)),), (Size("D", ((0, 1),), only=(4,)),), fails)
    assert found is None


def test_a_lessons_fixed_sizes_stay_as_the_task_gives_them_in_the_smallest_case():
    # optax_basics fixes B = 4 and D = 2: its failed case once shrank to B=1, D=1
    verdict = run_check("optax_basics", ATTACKS / "optax_basics" / "adam_b2_0998.py", seed=1)
    said = re.search(
        r"smallest case like it that your function also gets wrong has B=(\d+), D=(\d+), T=(\d+)",
        verdict.message,
    )
    assert said, verdict.message
    assert (int(said[1]), int(said[2])) == (4, 2) and 3 <= int(said[3]) <= 16


def test_shrinking_stops_at_its_budget_and_keeps_the_smallest_so_far():
    asked = []

    def fails(args):
        asked.append(args[0].shape)
        return args[0].shape[0] > 20

    found = smallest(
        (np.zeros((40, 5)),), (Size("N", ((0, 0),)), Size("B", ((0, 1),))), fails, calls=4
    )
    assert len(asked) == 4
    assert found is None or 20 < found.sizes["N"] <= 40


def _prefix_check(fn, entry=1):
    """The prefix property of a running total (total, partial sums) on two hidden cases,
    judged on `fn`'s answers."""
    made = [
        hidden_case(1, ("xs",), (np.arange(1.0, 3.0),)),
        hidden_case(2, ("xs",), (np.linspace(-2.0, 3.0, 9),)),
    ]
    prop = {"kind": "prefix", "args": ["xs"], "entry": entry}
    check = properties.build(prop, ("xs",), made, np.random.default_rng(0))
    return check, check.judge([fn(*args) for args in check.calls])


def test_a_history_is_checked_against_its_own_start():
    check, said = _prefix_check(lambda xs: (np.sum(xs), np.cumsum(xs)))
    # the first part is as long as the other case: a shape compiled already
    assert [np.shape(args[0]) for args in check.calls] == [(9,), (2,)]
    assert said is None
    # each partial sum scaled by how many entries there are in all: right at no length
    # but one, yet a table of right answers per length would pass every case drawn
    check, said = _prefix_check(lambda xs: (np.sum(xs), np.cumsum(xs) * len(xs) / 9))
    assert said.startswith(
        "entry 1 of your answer on the first 2 of the 9 rows of `xs` of hidden case 2 "
        "should be the first 2 rows of it on all 9; it is not"
    )
    check, said = _prefix_check(lambda xs: np.sum(xs))
    assert said == "entry 1 of your answer has no rows, one per step, to compare"


def test_a_child_that_ends_during_the_search_ends_it_without_an_error():
    asked = []

    def fails(args):
        asked.append(args[0].shape)
        if len(asked) == 3:  # its clock ran out, say; later calls would say it is gone
            raise RunEnded("timeout", "it took too long")
        if len(asked) > 3:
            raise RunEnded("internal", "the check was stopped before it finished")
        return args[0].shape[0] > 20

    found = smallest((np.zeros((40, 5)),), (Size("N", ((0, 0),)), Size("B", ((0, 1),))), fails)
    assert len(asked) == 3  # nothing asked of a child that is gone
    assert found is None or 20 < found.sizes["N"] <= 40


@pytest.mark.parametrize("exercise_id", ["per_example_grads", "purity_under_jit", "grad_basics"])
def test_each_generic_space_spans_its_sizes_and_edges(exercise_id):
    ex = find_exercise(exercise_id, builtin_lessons()).exercise
    sizes = ex.config["sizes"]
    seen: dict[str, set] = {name: set() for name in sizes}
    for seed in range(60):
        cases = [c for c in make_cases(ex.config, seed) if c.hidden]
        shapes = {tuple(np.shape(a) for a in c.args) for c in cases}
        assert len(shapes) <= 3  # each shape is a compile: few per check
        for c in cases:
            for spec, value in zip(ex.config["args"], c.args):
                for axis, dim in enumerate(spec.get("shape", [])):
                    if isinstance(dim, str):
                        seen[dim].add(np.shape(value)[axis])
    for name, drawn in seen.items():
        assert min(drawn) == sizes[name]["min"] and max(drawn) >= 0.75 * sizes[name]["max"]


# -- the solution passes wherever the space is drawn --------------------------------------


# every lesson, each run at seeds none drew before: a correct answer failed only at some
# draws (a size, an edge case's value) shows up at a stop's CI, not in a learner's hands
@pytest.mark.parametrize("exercise_id", [lesson.id for lesson in builtin_lessons()])
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_solution_passes_every_draw(exercise_id, seed):
    ex = find_exercise(exercise_id, builtin_lessons()).exercise
    verdict = check_source(ex, ex.solution, seed=seed, **forked(ex))
    assert verdict.passed, (seed, verdict.message)


def test_a_generic_lesson_shows_the_smallest_failing_case_too():
    verdict = run_check("grad_basics", SPACES / "grad_basics_only_shown_sizes.py", seed=3)
    said = re.search(
        r"the smallest case like it that your function also gets wrong has N=(\d+): "
        r"w=\S+, x=\[.*\], y=\[.*\]\.",
        verdict.message,
    )
    assert said, verdict.message
    # right at the sizes it knows, so the smallest wrong one is another
    assert int(said[1]) not in (1, 2, 3, 8) and int(said[1]) < 24
