# truth: keeps lr traced but marks the data x and y static, and arrays are not hashable, so the call fails before anything runs.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: static_array
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@functools.partial(jax.jit, static_argnames=("x", "y"))
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)
