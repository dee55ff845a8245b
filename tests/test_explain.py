"""The error catalogue against the pinned JAX: each entry's error is raised for real,
and the entry that answers it (the first match) must be that entry."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import pytest
from jax import lax

from jaxtutor.explain import KNOWN, explain, known


def _in_place(a):
    a[0] = 1.0
    return a


_static_step = jax.jit(lambda w, lr: w - lr, static_argnames="lr")

RAISE = {
    "non_scalar_grad": lambda: jax.grad(lambda w: w * jnp.ones(3))(1.0),
    "aux_not_a_pair": lambda: jax.value_and_grad(lambda w: w, has_aux=True)(1.0),
    "integer_grad_input": lambda: jax.grad(lambda w: w ** 2)(2),
    "scan_carry_types": lambda: lax.scan(lambda c, x: (c + x, c), jnp.zeros((), int), jnp.ones(3)),
    "scan_not_a_pair": lambda: lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3)),
    "in_place_assignment": lambda: _in_place(jnp.ones(3)),
    "tracer_bool": lambda: jax.jit(lambda x: 1 if x > 0 else 2)(1.0),
    "tracer_to_python_number": lambda: jax.jit(lambda x: x.item())(1.0),
    "concrete_shape": lambda: jax.jit(lambda n: jnp.ones(n))(3),
    "static_traced": lambda: jax.jit(lambda w, lr: _static_step(w, lr))(1.0, 0.1),
    "concretization": lambda: jax.jit(lambda n: jnp.arange(n))(3),
    "tracer_integer": lambda: jax.jit(lambda i: [1, 2, 3][i])(1),
    "shapes_do_not_fit": lambda: jnp.ones(3) + jnp.ones(4),
    "vmap_sizes": lambda: jax.vmap(lambda w, x: w * x)(jnp.ones(2), jnp.ones(3)),
    "argnums_out_of_range": lambda: jax.grad(lambda a, b: a * b, argnums=2)(1.0, 2.0),
    "dict_arithmetic": lambda: {"w": jnp.ones(2)} - 0.1 * jnp.ones(2),
    "missing_argument": lambda: jax.grad(lambda w, x: w * x)(1.0),
    "python_number_astype": lambda: (2).astype(jnp.float32),
    "grad_of_a_value": lambda: jax.grad(jax.grad(lambda x: x ** 3)(2.0)),
    "stopped": lambda: (_ for _ in ()).throw(SystemExit(1)),
}


def _info(make) -> dict:
    try:
        make()
    except BaseException as error:  # noqa: B902 - SystemExit is one of the entries
        return {"type": type(error).__name__, "message": str(error)}
    raise AssertionError("did not raise")


def test_every_entry_has_a_real_error():
    assert {k.id for k in KNOWN} == set(RAISE)


@pytest.mark.parametrize("ident", sorted(RAISE))
def test_the_pinned_jax_message_is_answered_by_its_own_entry(ident):
    entry = known(_info(RAISE[ident]))
    assert entry is not None and entry.id == ident


def test_float_of_a_tracer_is_not_told_to_make_it_static():
    for make in (lambda: jax.jit(lambda x: float(x))(1.0), lambda: jax.jit(lambda x: x.item())(1.0)):
        words, _ = explain(_info(make))
        assert "static" not in words.split("\n\n")[0]
        assert "jax.debug.print" in words


def test_an_integer_input_is_not_told_to_call_astype():
    words, _ = explain(_info(RAISE["integer_grad_input"]))
    assert ".astype" not in words.split("\n\n")[0] and "jnp.asarray" in words


def test_dict_arithmetic_points_at_tree_map():
    words, _ = explain(_info(lambda: {"w": 1.0} - 0.1 * {"w": 2.0}))
    assert "jax.tree.map" in words
