"""Parts that inputs take out of play ([[exercise.parts]]): a failed check whose answer no
named mistake fits says whether the numbers agree with the part out of play, measured
on real runs of the learner's function and the reference; lint proves each switch."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from conftest import forked, shared_server, shared_trusted
from jaxtutor.authoring.prove import _prove_parts
from jaxtutor.check import check_source
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic import parts
from jaxtutor.oracles.generic.problems import problems
from jaxtutor.runner.host.runners import OneOff

OPTIMIZER = find_exercise("optimizer_state", builtin_lessons())
CAPSTONE = find_exercise("capstone_training_run", builtin_lessons())


def _changed(lesson, old: str, new: str) -> str:
    """The lesson's solution with one piece changed: a mistake no mutant makes."""
    solution = lesson.exercise.solution
    assert old in solution
    return solution.replace(old, new)


@pytest.mark.parametrize(
    "lesson, old, new, said",
    [
        # the momentum's factor and the schedule act only from the second step on
        (OPTIMIZER, "BETA = 0.9", "BETA = 0.99", "the difference is in the state kept between"),
        (OPTIMIZER, "lr / (1.0 + t)", "lr / (1.0 + 2.0 * t)", "the difference is in the state"),
        # a loss of another form is wrong in the first step too
        (
            OPTIMIZER,
            "jnp.sum((w * x - y) ** 2)",
            "jnp.sum((w * x - y) ** 4)",  # no variant of the solution's: parts speak
            "or the difference is outside the state kept between steps",
        ),
        # each entry clipped on its own, not the example's norm
        (
            CAPSTONE,
            "g * jnp.minimum(1.0, MAX_NORM / jnp.sqrt(jnp.sum(g ** 2)))",
            "jnp.clip(g, -MAX_NORM, MAX_NORM)",
            "the difference is in the clipping",
        ),
        (CAPSTONE, "LR, MAX_NORM = 2, 0.1, 1.0", "LR, MAX_NORM = 2, 0.05, 1.0", "outside them"),
        # another key for each epoch's order: identical examples make any order the same
        (
            CAPSTONE,
            "jax.random.key(seed)",
            "jax.random.key(2 * seed)",
            "the difference is in the order of the examples",
        ),
    ],
    ids=["beta", "schedule", "loss", "clip_entries", "lr", "order"],
)
def test_a_failed_check_says_what_it_measured_with_each_part_out_of_play(lesson, old, new, said):
    verdict = check_source(lesson.exercise, _changed(lesson, old, new), seed=3, **forked(lesson))
    assert verdict.status == "fail"
    assert verdict.diagnosis is not None and said in verdict.message, verdict.message


def test_a_right_answer_whose_only_fault_is_a_rule_runs_no_part():
    """The parts speak of numbers: an answer failed by a rule alone is not measured."""
    python_loop = next(m for m in OPTIMIZER.exercise.config["mutants"] if m["id"] == "python_loop")
    verdict = check_source(OPTIMIZER.exercise, python_loop["code"], seed=3, **forked(OPTIMIZER))
    assert verdict.diagnosis.id == "python_loop"
    assert "out of play" not in verdict.message


def test_off_cases_take_the_checks_shapes_and_the_parts_fixed_sizes():
    config = OPTIMIZER.exercise.config
    (part,) = config["parts"]
    cases = parts.off_cases(config, 11, part)
    # one step, B at its largest: the part's own shape, `repeat` (3) draws of it
    assert len(cases) == 3
    assert {c.args[1].shape for c in cases} == {(1, config["sizes"]["B"]["max"])}
    assert all(part["name"] in c.name for c in cases)


def test_lint_names_a_part_no_mutant_proves_and_a_mutant_of_an_unknown_part():
    config = copy.deepcopy(OPTIMIZER.exercise.config)
    config["parts"][0]["fixed_sizes"] = {"T": 1}
    config["mutants"][0]["part"] = "the schedule"
    for mutant in config["mutants"][1:]:
        mutant.pop("part", None)
    found = {(path, problem.split(",")[0][:40]) for path, problem, _ in problems(config)}
    assert (("mutants", 0, "part"), "part 'the schedule' is not the name of a") in found
    assert any(path == ("parts", 0, "name") for path, _ in found)
    assert any(path == ("parts", 0, "fixed_sizes") for path, _ in found)
    assert problems(OPTIMIZER.exercise.config) == []


def test_a_mutant_may_name_several_parts_and_lint_reads_each():
    config = copy.deepcopy(CAPSTONE.exercise.config)
    assert problems(config) == []  # clipped_the_mean names two parts
    named = next(m for m in config["mutants"] if m["id"] == "clipped_the_mean")
    assert parts.of_mutant(named) == [p["name"] for p in config["parts"]]
    named["part"] = ["the clipping", 3]
    found = {(path, problem[:30]) for path, problem, _ in problems(config)}
    assert (
        ("mutants", config["mutants"].index(named), "part"),
        "`part` is not a part's name or",
    ) in found


def test_lint_proves_the_switch_and_finds_one_that_hides_a_mistake_elsewhere():
    """At B = 1 a mean over the batch is its sum: a part drawn at the smallest sizes
    would tell a learner who averages the loss that the state between steps is wrong."""
    wrong = dict(OPTIMIZER.exercise.config, parts=[dict(OPTIMIZER.exercise.config["parts"][0])])
    wrong["parts"][0]["sizes"] = "min"
    lesson = replace(OPTIMIZER, exercise=replace(OPTIMIZER.exercise, config=wrong))
    runners = OneOff(shared_server())
    runners.trusted = shared_trusted()
    found: list[tuple] = []
    numbers_wrong = {m["id"] for m in wrong["mutants"]} - {"python_loop", "index_loop"}

    def problem(where, code, message, fix):
        found.append((where, code, message))

    _prove_parts(lesson, runners, numbers_wrong, problem)
    assert [(code, "'mean_loss'" in message) for _, code, message in found] == [
        ("part-hides-a-mistake", True)
    ]
    found.clear()
    _prove_parts(OPTIMIZER, runners, numbers_wrong, problem)
    assert found == []
