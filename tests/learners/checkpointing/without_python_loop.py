# the checkpointed steps folded by functools.reduce in Python, with no for or while:
# right numbers, and a program unrolled with no loop in it
import functools

import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        step = jax.checkpoint(lambda h, x: cell(w, h, x))
        h = functools.reduce(step, list(xs), jnp.zeros_like(w))
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)
