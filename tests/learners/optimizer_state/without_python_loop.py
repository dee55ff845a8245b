# the steps folded by functools.reduce in Python, with no for or while: right numbers
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    def step(state, t):
        w, v, losses = state
        value, g = jax.value_and_grad(loss)(w, x_batches[t], y_batches[t])
        v = 0.9 * v + g
        return w - lr / (1.0 + t) * v, v, losses + [value]

    start = (w, jnp.zeros_like(w), [])
    w, _, losses = functools.reduce(step, range(x_batches.shape[0]), start)
    return w, jnp.stack(losses)
