"""A probe names a cause only where the learner's code holds its construct: each finding
beside code that has it (the cause is named) and code with the same symptom that has
not (only the measured fact is said)."""

from __future__ import annotations

import numpy as np
import pytest

from jaxtutor.oracles.probes.unread import unread_differentiated
from test_probes import _probe, ref

GRAD_STEP = "def step(w, lr, x):\n    return w - lr * jax.grad(loss)(w, x)\n"
NO_GRAD = "def step(w, lr, x):\n    return w - lr * 2 * jnp.dot(w * x - 1, x)\n"


def _said(found) -> str:
    return f"{found.message} {found.hint}"


def test_a_negative_step_factor_is_said_as_measured_and_blames_no_learning_rate():
    found = _probe(lambda w, lr, x: w - 2.29 * (ref(w, lr, x) - w), source=GRAD_STEP)
    assert found.id == "probe_step_factor", found.message
    assert "-2.29 times the expected change" in found.message
    assert "other way" in found.message
    said = _said(found)
    assert "learning rate" not in said and "direction is right" not in said


def test_a_positive_step_factor_keeps_the_direction_and_names_no_learning_rate():
    found = _probe(lambda w, lr, x: w + 3 * (ref(w, lr, x) - w), source=GRAD_STEP)
    assert found.id == "probe_step_factor" and "same direction" in found.message
    assert "learning rate" not in _said(found)


def test_an_unchanged_argument_is_said_without_a_gradient_step_it_may_not_have():
    found = _probe(lambda w, lr, x: w * np.ones(()), source="return jnp.cumsum(xs)")
    assert found.id == "probe_no_step"
    assert "gradient" not in _said(found) and "lr" not in found.hint


def test_a_mean_is_named_only_in_code_that_takes_one():
    def mean_step(w, lr, x):
        return w + (ref(w, lr, x) - w) / len(x)

    with_mean = _probe(mean_step, source="g = jnp.mean((w * x - 1) * x)")
    assert with_mean.id == "probe_step_divided_by_size"
    assert "mean" in with_mean.hint
    without = _probe(mean_step, source=NO_GRAD + "    # no average here\n")
    assert without.id == "probe_step_divided_by_size"
    assert "mean" not in without.hint and "divides by N" in without.hint


def test_a_sum_is_named_only_in_code_that_takes_one():
    def times_n(w, lr, x):
        return w + (ref(w, lr, x) - w) * len(x)

    with_sum = _probe(times_n, source="g = jnp.sum(grads)")
    assert with_sum.id == "probe_step_times_size" and "sum" in with_sum.hint
    without = _probe(times_n, source="g = grads @ ones")
    assert without.id == "probe_step_times_size" and "sum" not in without.hint


def test_right_only_where_n_is_one_names_no_sum_mean_or_single_entry():
    found = _probe(lambda w, lr, x: ref(w, lr, x[:1]), source=GRAD_STEP)
    assert found.id == "probe_only_size_one", found.message
    assert not any(word in found.hint for word in ("sum", "mean", "single entry"))


def test_a_flipped_sign_names_the_gradient_only_in_code_that_takes_one():
    flipped = _probe(lambda w, lr, x: -ref(w, lr, x), source=GRAD_STEP)
    assert flipped.id == "probe_sign_flipped" and "gradient" in flipped.hint
    plain = _probe(lambda w, lr, x: -ref(w, lr, x), source="return jnp.cumsum(xs)")
    assert plain.id == "probe_sign_flipped" and "gradient" not in plain.hint


READS_OUTER = (
    "def step(w, lr, x):\n"
    "    def loss(params):\n"
    "        return jnp.sum((w * x - 1) ** 2)\n"
    "    return w - lr * jax.grad(loss)(w)\n"
)


def test_an_unchanged_argument_beside_a_loss_that_never_reads_its_parameter():
    found = _probe(lambda w, lr, x: w * np.ones(()), source=READS_OUTER)
    assert found.id == "probe_no_step"
    assert "`loss` never reads its parameter `params`" in found.message
    assert "gradient is 0" in found.message and "`params`" in found.hint
    # the same numbers from code whose loss reads what it is handed: no such cause
    reads_own = READS_OUTER.replace("def loss(params)", "def loss(w)")
    plain = _probe(lambda w, lr, x: w * np.ones(()), source=reads_own)
    assert plain.id == "probe_no_step" and "never reads" not in _said(plain)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (READS_OUTER, [("loss", "params")]),
        ("g = jax.value_and_grad(lambda p: jnp.sum(w * x))(w)", [("the lambda", "p")]),
        # argnums chooses which parameters are differentiated
        ("def f(a, b):\n    return a * 2\ng = jax.grad(f, argnums=1)(1.0, 2.0)", [("f", "b")]),
        ("def f(a, b):\n    return a * 2\ng = jax.grad(f, argnums=0)(1.0, 2.0)", []),
        ("def f(a, b):\n    return a * b\ng = jax.grad(f, argnums=(0, 1))(1.0, 2.0)", []),
        # what cannot be read off the code says nothing
        ("def f(a, b):\n    return a\ng = jax.grad(f, argnums=k)(1.0, 2.0)", []),
        ("g = jax.grad(make_loss(x))(w)", []),
        ("def f(a:\n", []),
    ],
)
def test_the_differentiated_parameters_a_function_never_reads(source, found):
    assert unread_differentiated(source) == found


def test_a_function_name_defined_twice_says_nothing_of_either():
    twice = "def loss(p):\n    return w\n\ndef loss(p):\n    return p\n\ng = jax.grad(loss)(w)"
    assert unread_differentiated(twice) == []
