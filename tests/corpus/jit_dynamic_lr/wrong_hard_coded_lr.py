# cause: hard_coded_lr
# says: does not change when lr changes
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    lr = 0.1  # the usual default
    return w - lr * jax.grad(loss)(w, x, y)
