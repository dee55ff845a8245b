# cause: static_lr
# never: drop it from static_argnames
# never: Drop static_argnames
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@functools.partial(jax.jit, static_argnums=(1,))
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)
