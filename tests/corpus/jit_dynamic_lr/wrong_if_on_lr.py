# cause: tracer_bool
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    if lr > 0.05:
        lr = 0.05
    return w - lr * jax.grad(loss)(w, x, y)
