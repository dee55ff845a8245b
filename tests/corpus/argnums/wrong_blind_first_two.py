# truth: argnums=(0, 1) differentiates scale and w (the first two arguments) instead of w and x
# blind: third batch, labelled before the tutor was run on it
# cause: wrong_argnums
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(0, 1))(scale, w, x, y)
