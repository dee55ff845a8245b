"""Variants generated from an exercise's solution (one change to its syntax tree each),
and the check that says, as measured, which one a wrong answer equals on every case."""

from __future__ import annotations

import ast

import pytest

from conftest import forked
from jaxtutor.check import check_source
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic import causes, variants
from jaxtutor.oracles.generic.variants import Variant

SOURCE = """
import jax.numpy as jnp

SCALE = 2.0


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2, axis=0)


def pick(x):
    return jnp.where(x > 0, x, 0.0)


def predict(w, x):
    return jnp.exp(x @ w).astype(jnp.float32)


def write(buffer, i, v):
    return buffer.at[i].set(v)


def fit(w, xs):
    def step(w_now, x):
        return w_now - 0.1 * x, None

    return step(w, xs)


def mse(r):
    return jnp.mean(r ** 2)


def decay(w, rate):
    def run(rate):
        return w * rate

    return run(rate)
"""

LOOPS = """
import jax.numpy as jnp
from jax import lax


def total(xs, w0):
    def add(carry, x):
        new = carry + x ** 2
        return new, new

    shrunk = lax.fori_loop(0, 3, lambda i, w: w * (1.0 - 0.5), w0)
    return lax.scan(add, shrunk, xs)
"""


def test_each_variant_is_the_solution_with_one_change_said_in_words():
    made = variants.variants(SOURCE)
    said = {(v.said, v.where) for v in made}
    assert ("with a mean where it takes a sum", "loss") in said
    assert ("with >= where it compares with >", "pick") in said
    assert ("over axis 1 where it reduces over axis 0", "loss") in said
    assert ("with the sign of a term flipped (adding where it subtracts)", "loss") in said
    assert ("with two arguments of where taken in the other order", "pick") in said
    assert ("with a matrix product's operands in the other order", "predict") in said
    assert ("without its call to exp", "predict") in said
    assert ("without a cast (astype) it makes", "predict") in said
    assert ("with .at[...].add where it uses .at[...].set", "write") in said
    assert ("with w where it uses w_now", "step") in said  # the outer function's argument
    assert ("with xs where it uses x", "step") in said
    assert ("with the power taken of the mean, not the mean taken of the powers", "mse") in said
    # a parameter named as one around it, renamed: the inner function reads the outer one
    assert ("with run reading the rate that decay was given, not the rate it is handed", "") in said
    solution = ast.unparse(ast.parse(SOURCE))
    for v in made:
        assert v.code != solution and "SCALE = 2.0" in v.code  # the task's constants stay
        changed = [
            (a, b)
            for a, b in zip(solution.splitlines(), v.code.splitlines(), strict=True)
            if a != b
        ]
        assert len(changed) == 1, v  # one line changed: one mistake
    assert len({v.code for v in made}) == len(made) <= variants.MAX_VARIANTS


def test_loops_scans_and_brackets_have_variants_of_their_own():
    said = {(v.said, v.where) for v in variants.variants(LOOPS)}
    assert ("with an absolute value where it squares", "add") in said
    brackets = "with the brackets around a sum left out (a product taken before the sum)"
    assert (brackets, "total") in said
    for words in ("starting one step late", "ending one step early", "ending one step late"):
        assert (f"with a loop {words}", "total") in said
    backwards = "with the rows it scans taken in reverse order (reverse=True)"
    assert (backwards, "total") in said
    for cut in ("taken in reverse order", "first of the rows it scans left out"):
        assert any(s.endswith(cut) and "rows it scans" in s and w == "total" for s, w in said)
    assert ("with add handing back the carry it is given, unchanged", "") in said


def test_a_made_functions_call_has_its_arguments_swapped_too():
    source = "import jax\n\n\ndef step(w, x, y):\n    return w - jax.grad(loss)(w, x, y)\n"
    said = {v.said for v in variants.variants(source)}
    assert "with two arguments of jax.grad(loss) taken in the other order" in said


def test_a_key_split_once_more_is_a_variant():
    source = "import jax\n\n\ndef draw(k1, x):\n    return jax.random.permutation(k1, x)\n"
    made = {v.said: v.code for v in variants.variants(source)}
    code = made["with k1 split once more before permutation draws with it (its first child)"]
    assert "jax.random.permutation(jax.random.split(k1)[0], x)" in code
    assert "(its second child)" in " ".join(made)


def test_a_step_reading_the_outer_value_everywhere_is_one_variant():
    source = LOOPS.replace("new = carry + x ** 2", "new = carry + x ** 2 + carry")
    source = source.replace("def add(carry, x)", "def add(w0_now, x)").replace("carry", "w0_now")
    made = {v.said: v.code for v in variants.variants(source)}
    said = "with add reading the w0 that total was given wherever it reads its w0_now"
    code = made[f"{said} (so each call starts again from w0)"]
    assert "new = w0 + x ** 2 + w0" in code  # both reads at once, not one
    assert "w0_now +" not in code


WALK = """
from jax import lax


def walk(moves):
    def step(pos, move):
        pos = pos + move
        return pos, pos

    return lax.scan(step, 0.0, moves)[1]
"""


def test_a_step_that_rebinds_its_carry_still_has_a_kept_carry_variant():
    (kept,) = [v for v in variants.variants(WALK) if v.mark == variants.KEPT_CARRY]
    assert kept.said == "with step handing back the carry it is given, unchanged"
    assert "pos_given = pos" in kept.code and "return (pos_given, pos)" in kept.code


def test_a_fori_loop_body_has_a_kept_carry_variant_too():
    source = LOOPS.replace("lambda i, w: w * (1.0 - 0.5)", "shrink")
    source = source.replace(
        "    shrunk =", "    def shrink(i, w):\n        return w * 0.5\n\n    shrunk ="
    )
    kept = [v for v in variants.variants(source) if v.mark == variants.KEPT_CARRY]
    said = {v.said: v.code for v in kept}
    code = said["with shrink handing back the carry it is given, unchanged"]
    assert "w_given = w" in code and "return w_given" in code
    assert "with add handing back the carry it is given, unchanged" in said  # the scan's


def test_a_name_an_inner_function_binds_anew_is_read_as_the_outer_one_at_one_place():
    source = (
        "from jax import lax\n\n\ndef fit(w, xs):\n    def step(carry, x):\n"
        "        w, n = carry\n        return (w - x * w, n + 1), None\n\n"
        "    return lax.scan(step, (w, 0), xs)[0]\n"
    )
    said = "with step using, at one place, the w that fit was given, not the w it binds"
    codes = [v.code for v in variants.variants(source) if v.said == said]
    assert len(codes) == 2  # one variant per read of w: the outer w at that read alone
    assert any("(w_own - x * w," in c for c in codes)
    assert any("(w - x * w_own," in c for c in codes)
    assert all("w_own, n = carry" in c for c in codes)


def test_of_two_variants_with_the_same_numbers_the_one_the_learners_code_makes_is_said():
    made = variants.variants(WALK)
    kept = next(v for v in made if v.mark == variants.KEPT_CARRY)
    other = next(v for v in made if v.said.startswith("with a term of a sum left out"))
    assert variants.shared([kept, other]) is None  # different words: neither picked
    learners = WALK.replace(
        "pos = pos + move\n        return pos, pos", "new = pos + move\n        return pos, new"
    )
    assert variants.marked_in([kept, other], learners) == [kept]
    assert variants.marked_in([kept, other], WALK) == []  # the solution's step rebinds pos


def test_a_derivative_one_order_off_is_a_variant():
    source = "import jax\n\n\ndef d2(f, x):\n    return jax.grad(jax.grad(f))(x)\n"
    said = {v.said for v in variants.variants(source)}
    assert "with one jax.grad more (a derivative one order higher)" in said
    assert "with one jax.grad fewer (a derivative one order lower)" in said


def test_variants_with_the_same_numbers_are_said_by_what_they_share_or_not_at_all():
    flip = "with the sign of a term flipped"
    both = [
        Variant("a", f"{flip} (adding where it subtracts)", "step"),
        Variant("b", f"{flip} (subtracting where it adds)", "step"),
    ]
    assert variants.shared(both) == f"{flip}, in step"
    assert variants.shared([both[0], Variant("c", both[0].said, "loss")]) == both[0].said
    assert variants.shared([both[0], Variant("d", "with a mean where it takes a sum")]) is None


PROBES = ("probe_step_reversed", "probe_non_finite", "probe_factor")
OPTIMIZER = find_exercise("optimizer_state", builtin_lessons())
CAPSTONE = find_exercise("capstone_training_run", builtin_lessons())


@pytest.mark.parametrize(
    "lesson, old, new, said",
    [
        # two changes give these numbers: v = 0.9 v - g, and w + lr v for w - lr v
        (OPTIMIZER, "v = BETA * v + g", "v = BETA * v - g", "the sign of a term flipped, in step"),
        (
            CAPSTONE,
            "g * jnp.minimum(1.0,",
            "g * jnp.maximum(1.0,",
            "with a maximum where it takes a minimum, in clip",
        ),
    ],
    ids=["momentum_sign", "clip_maximum"],
)
def test_a_wrong_answer_equal_to_one_variant_on_every_case_is_told_so(
    lesson, old, new, said, monkeypatch
):
    # the budget is about speed (the app warms the variants' runs): not this test's point
    monkeypatch.setattr(causes, "VARIANT_BUDGET_S", 600.0)
    source = lesson.exercise.solution.replace(old, new)
    assert source != lesson.exercise.solution
    verdict = check_source(lesson.exercise, source, seed=3, **forked(lesson))
    # the diagnosis, or a sentence added to what a probe saw in the numbers
    assert verdict.diagnosis.id in ("variant_of_the_solution", *PROBES), verdict.message
    sentence = "On every case, your results equal those of the exercise's solution"
    assert sentence in verdict.diagnosis.message and said in verdict.diagnosis.message
    for variant in variants.variants(lesson.exercise.solution):  # the code is never shown
        changed = set(variant.code.splitlines()) - set(lesson.exercise.solution.splitlines())
        assert not any(line.strip() in verdict.message for line in changed if line.strip())
