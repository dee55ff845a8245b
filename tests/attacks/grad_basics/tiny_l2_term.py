# attack: tolerance
# wrong: the loss carries an extra 1e-6 * w**2 regulariser, so the gradient is off by 2e-6 * w everywhere.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2) + 1e-6 * w**2


def loss_grad(w, x, y):
    return jax.grad(loss)(w, x, y)
