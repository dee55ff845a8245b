"""Mistakes a lesson declares with their evidence ([[exercise.mistakes]]): named only
when every piece of evidence is there, and proved by lint, which reports one that a
mutant or an earlier mistake shadows."""

from __future__ import annotations

from pathlib import Path

from jaxtutor.authoring.lint import lint
from jaxtutor.oracles.generic.declared import declared
from jaxtutor.oracles.generic.runs import Raised
from jaxtutor.verdict import Diagnosis

MISTAKES = {
    "mistakes": [
        {"id": "in_place", "message": "m1", "hint": "h1", "error": "in-place item assignment"},
        {
            "id": "lr_ignored",
            "message": "m2",
            "hint": "h2",
            "probe": "ignored_argument",
            "argument": "lr",
        },
        {"id": "uses_cumsum", "message": "m3", "hint": "h3", "code": r"jnp\.cumsum\("},
    ]
}


def test_an_error_pattern_names_only_an_exception_that_matches():
    error = Raised(
        "TypeError", "JAX arrays are immutable and do not support in-place item assignment"
    )
    assert declared(MISTAKES, "", error=error).id == "in_place"
    assert declared(MISTAKES, "", error=Raised("TypeError", "something else")) is None


def test_a_probe_names_only_its_finding_about_its_argument():
    said = Diagnosis("probe_ignored_argument", "Your result does not change when lr changes: ...")
    found = declared(MISTAKES, "", probed=said)
    assert found.id == "lr_ignored" and "does not change when lr changes" in found.message
    other = Diagnosis("probe_ignored_argument", "Your result does not change when w changes")
    assert declared(MISTAKES, "", probed=other) is None


def test_code_evidence_ignores_comments_the_caller_strips():
    assert declared(MISTAKES, "p = jnp.cumsum(xs)").id == "uses_cumsum"
    assert declared(MISTAKES, "p = xs") is None


def test_lint_reports_a_mistake_that_a_mutant_shadows(tmp_path):
    """lesson 9's concrete_lr mutant already names float(lr): a mistake declared for the
    same ConcretizationTypeError is never reached, and lint says so."""
    source = Path(__file__).parent.parent / "lessons" / "09_jit_dynamic_lr.toml"
    text = (
        source.read_text().replace('id = "jit_dynamic_lr"', 'id = "lr_copy"', 1)
        + """
[[exercise.mistakes]]
id = "float_of_lr"
message = "You called float() on lr."
hint = "Use lr as it is."
error = "ConcretizationTypeError"
example = \'\'\'
import jax
import jax.numpy as jnp


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
    return w - float(lr) * g
\'\'\'
"""
    )
    lesson = tmp_path / "09_jit_dynamic_lr.toml"
    lesson.write_text(text)
    codes = {p.code for p in lint([lesson]).problems}
    assert "mistake-unrecognised" in codes
