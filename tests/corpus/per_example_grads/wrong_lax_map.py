# cause: none
# right numbers from lax.map, one example per step: the structure test fails, and no
# Python loop is named (the file has none)
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return lax.map(lambda xy: jax.grad(loss)(w, xy[0], xy[1]), (xs, ys))
