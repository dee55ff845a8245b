# attack: edge
# wrong: the learning rate is capped at 5.0 "for stability", so the step is wrong only when lr > 5.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - jnp.minimum(lr, 5.0) * jax.grad(loss)(w, x, y)
