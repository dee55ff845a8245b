import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


jax.config.update("jax_enable_x64", True)


def grad_w_and_x(scale, w, x, y):
    assert w.dtype == jnp.float64, w.dtype  # x64 on: the inputs arrive as float64
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
