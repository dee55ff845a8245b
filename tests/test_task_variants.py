"""A lesson's declared variants of its task (course/variants.py), which a review asks:
constants rebound and code replaced in every piece of the exercise's code, a built-in
oracle's settings, the text changed where the variant marks it, the worked cases left
out, lint's proof of each, and the review that asks one. The checks are real: a variant's solution passes it, the task's own solution
(the learner's old draft) does not, and a mutant is still named as itself."""

from __future__ import annotations

import dataclasses
import time

import numpy as np
import pytest

from conftest import forked
from jaxtutor import oracles
from jaxtutor.authoring.schema import lint_file
from jaxtutor.check import check_source
from jaxtutor.course import variants
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.learner import reviews
from jaxtutor.learner.progress import Store
from jaxtutor.verdict import Outcome, Verdict

LESSONS = builtin_lessons()
DECLARED = [(lesson, v["id"]) for lesson in LESSONS for v in variants.declared(lesson)]


def test_rebinding_changes_only_the_named_top_level_constants():
    code = (
        "import jax\n\n"
        "BETA = 0.9  # the momentum\n"
        "BATCH, LR, MAX_NORM = 2, 0.1, 1.0\n"
        "OTHER = 3\n\n\n"
        "def f(v):\n"
        "    BETA = 7  # a local, not the constant\n"
        "    return BETA * v\n"
    )
    out = variants.rebind(code, {"BETA": 0.5, "LR": 0.05})
    assert "BETA = 0.5  # the momentum\n" in out and "BATCH, LR, MAX_NORM = 2, 0.05, 1.0\n" in out
    assert "OTHER = 3\n" in out and "    BETA = 7  # a local, not the constant\n" in out
    assert variants.bound(code) == {"BETA", "BATCH", "LR", "MAX_NORM", "OTHER"}
    assert variants.rebind(code, {}) == code


def test_the_course_declares_variants_and_each_changes_the_code_and_the_words():
    varied = {lesson.id for lesson, _ in DECLARED}
    assert {"argnums", "has_aux"} <= varied and len(varied) >= 7
    for lesson, ident in DECLARED:
        table = next(v for v in variants.declared(lesson) if v["id"] == ident)
        asked = variants.variant(lesson, ident)
        assert variants.of(asked) == table and variants.of(lesson) is None
        assert asked.exercise.function == (table.get("function") or lesson.exercise.function)
        assert asked.exercise.config.get("settings") == (table.get("settings") or None)
        written = asked.exercise.starter + asked.exercise.solution
        written += asked.exercise.config.get("reference") or ""
        for old, new in (table.get("code") or {}).items():
            assert new in written and (old not in written or old in new)
        for name, value in (table.get("set") or {}).items():
            for code in (asked.exercise.starter, asked.exercise.solution):
                assert f"{value!r}" in code and name in variants.bound(code)
            assert f"{value!r}" in asked.exercise.config["reference"]
            rebound = asked.exercise.config["mutants"][:-1]  # the last: the task as written
            assert all(f"{value!r}" in m["code"] for m in rebound)
        assert asked.explanation.startswith("> **This review changes the task.** ")
        assert table["task"] in asked.explanation
        for old, new in (table.get("text") or {}).items():
            assert old in _words(lesson) and new in _words(asked)
            assert old not in _words(asked) or old in new
        # the worked cases: the task's inputs, the variant's answers (the reference's)
        worked = asked.exercise.config["cases"]
        given = lesson.exercise.config.get("cases") or []
        assert [c["args"] for c in worked] == [c["args"] for c in given]
        assert all("expected" not in c and "this review" in c["name"] for c in worked)


def _words(lesson) -> str:
    """Everything a variant's `text` may change: what the learner reads and is told."""
    config = lesson.exercise.config
    told = [*(config.get("mutants") or []), *(config.get("mistakes") or [])]
    drawn = [e for k in ("edges", "invariants", "amplifiers") for e in config.get(k) or []]
    return "\n".join(
        [lesson.explanation, *lesson.exercise.hints]
        + [e.get("message", "") + e.get("hint", "") for e in told]
        + [e.get("name", "") for e in drawn]
    )


def test_lint_names_a_constant_no_code_binds_a_text_the_lesson_lacks_and_a_reused_id():
    lesson = find_exercise("optimizer_state", LESSONS)
    ex = dict(lesson.exercise.config, starter=lesson.exercise.starter)
    ex.update(solution=lesson.exercise.solution, hints=list(lesson.exercise.hints))
    ex["oracle"] = "generic"
    good = {"id": "a", "task": "t", "set": {"BETA": 0.5}}
    assert variants.problems(dict(ex, variants=[good]), lesson.explanation) == []
    bad = [
        good,
        {"id": "a", "task": "t", "set": {"GAMMA": 0.5}, "text": {"no such words": "x"}},
    ]
    found = {code for _, code, _, _ in variants.problems(dict(ex, variants=bad), "")}
    assert found == {"variant-id-twice", "variant-unbound", "variant-text-unused"}
    # code to replace must be the exercise's, as written
    unused = {"id": "b", "task": "t", "code": {"BETA = 0.9": "BETA = 0.5", "no such code": "x"}}
    found = [m for _, c, m, _ in variants.problems(dict(ex, variants=[unused]), "") if c]
    assert len(found) == 1 and "'no such code'" in found[0]


def test_a_built_in_oracle_takes_only_the_settings_it_declares():
    assert oracles.get("argnums", {"asked": ["w", "y"]}).reference(
        1.0, np.ones(2), np.ones((3, 2)), np.zeros(3)
    )[1].shape == (3,)  # dloss/dy: one entry per example
    for name, bad in [
        ("argnums", {"asked": ["w", "z"]}),
        ("argnums", {"asked": ["w"]}),
        ("has_aux", {"penalty": -1.0}),
        ("has_aux", {"lr": 0.5}),
        ("generic", {"asked": ["w", "y"]}),
    ]:
        with pytest.raises(ValueError):
            oracles.get(name, bad)


def test_lint_says_where_a_variant_gives_a_setting_its_oracle_does_not_take(tmp_path):
    lesson = find_exercise("argnums", LESSONS)
    text = lesson.path.read_text(encoding="utf-8").replace(
        'settings = { asked = ["w", "y"] }', 'settings = { asked = ["w", "q"] }'
    )
    path = tmp_path / "03_argnums.toml"
    path.write_text(text, encoding="utf-8")
    _, problems = lint_file(path)
    assert [p.code for p in problems] == ["variant-setting"]
    assert "'q'" in problems[0].message
    assert problems[0].line == text[: text.index('settings = { asked = ["w", "q"]')].count("\n") + 1


@pytest.mark.slow
@pytest.mark.parametrize("lesson, ident", DECLARED, ids=lambda x: getattr(x, "id", x))
def test_a_variant_passes_its_solution_fails_the_tasks_and_names_its_mutants(lesson, ident):
    """A review is a variant the old draft does not pass: the task's solution fails it,
    the variant's own passes, and a mutant, rebound, is still named as itself."""
    asked = variants.variant(lesson, ident)
    ex = asked.exercise

    def check(source: str):
        return check_source(ex, source, seed=0, **forked(ex))

    assert check(ex.solution).passed
    # the old draft, named as what it is: the task as written (by the function's new
    # name where the variant renames it, else it is only a missing function)
    old = check(lesson.exercise.solution.replace(lesson.exercise.function, ex.function))
    assert old.outcome is Outcome.WRONG_ANSWER, old.message
    assert old.diagnosis.id == variants.AS_WRITTEN and variants.of(asked)["task"] in old.message
    if len(ex.config["mutants"]) > 1:  # the exercise's own, rebound
        mutant = ex.config["mutants"][0]
        assert check(mutant["code"]).diagnosis.id == mutant["id"]


def test_a_review_asks_the_lessons_variants_in_turn_and_keeps_the_one_asked(tmp_path):
    lesson = find_exercise("closures_train_step", LESSONS)
    plain = find_exercise("grad_basics", LESSONS)
    with Store(tmp_path / "progress.sqlite3") as store:
        assert reviews.asked(store, lesson) is lesson
        store.save_draft(lesson.id, "my passing draft")
        passed = Verdict(lesson.id, Outcome.PASSED, "All tests passed.")
        reviews.record_check(store, LESSONS, passed, "my passing draft", now=time.time())
        review = reviews.start(store, lesson)
        assert variants.of(review)["id"] == variants.declared(lesson)[0]["id"]
        assert store.load_draft(lesson.id) == review.exercise.starter
        assert [d.source for d in store.earlier_drafts(lesson.id)] == ["my passing draft"]
        again = reviews.asked(store, lesson)  # the app, started again, asks the same
        assert dataclasses.asdict(again) == dataclasses.asdict(review)
        assert reviews.start(store, plain) is plain  # no variants: the task as written


_STARTS = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    "lesson_id, ident, body, named, said",
    [
        (  # the asked pair, listed the other way round: said in the variant's own names
            "argnums",
            "w_and_y",
            "def loss(scale, w, x, y):\n    return scale * jnp.sum((x @ w - y) ** 2)\n\n\n"
            "def grad_w_and_y(scale, w, x, y):\n"
            "    return jax.grad(loss, argnums=(3, 1))(scale, w, x, y)\n",
            "swapped_order",
            "You returned (dloss/dy, dloss/dw); the exercise asks for (dloss/dw, dloss/dy).",
        ),
        (  # both of a batch's steps at the gradient the batch started from
            "scan_training_step",
            "two_steps_per_batch",
            "def scan_training_step(w, lr, x_batches, y_batches):\n"
            "    def step(w, batch):\n"
            "        x, y = batch\n"
            "        return w - 2 * lr * 2 * jnp.sum((w * x - y) * x), None\n\n"
            "    return lax.scan(step, w, (x_batches, y_batches))[0]\n",
            "gradient_not_retaken",
            "your 2 steps on a batch add up to one step of 2 * lr",
        ),
        (  # the decayed loss, climbed: ascent is measured against the decayed gradient
            "has_aux",
            "weight_decay",
            "def loss_and_accuracy(params, x, y):\n"
            '    logits = x @ params["w"] + params["b"]\n'
            "    loss = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)"
            ' + 0.01 * jnp.sum(params["w"] ** 2)\n'
            "    return loss, jnp.mean((logits > 0) == (y > 0.5))\n\n\n"
            "def train_step(params, x, y, lr):\n"
            "    (loss, acc), g = jax.value_and_grad(loss_and_accuracy, has_aux=True)(params, x, y)\n"
            "    return jax.tree.map(lambda p, d: p + lr * d, params, g), loss, acc\n",
            "gradient_ascent",
            "old + lr * grad",
        ),
    ],
)
def test_a_built_in_oracle_names_a_mistake_in_a_variant_in_the_variants_terms(
    lesson_id, ident, body, named, said
):
    asked = variants.variant(find_exercise(lesson_id, LESSONS), ident).exercise
    verdict = check_source(asked, _STARTS + body, seed=0, **forked(asked))
    assert verdict.outcome is Outcome.WRONG_ANSWER, verdict.message
    assert verdict.diagnosis.id == named and said in verdict.message, verdict.message
