# attack: edge
# wrong: the loss uses abs(scale), so both gradients have the wrong sign whenever scale < 0.
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return jnp.abs(scale) * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
