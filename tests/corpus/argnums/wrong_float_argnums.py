# cause: none
# argnums of floats raise a TypeError too: no names in it, so names are not blamed
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1.0, 2.0))(scale, w, x, y)
