# true: probe_some_entries
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    dw = jax.grad(loss, argnums=1)(scale, w, x, y)
    dx = jax.grad(loss, argnums=2)(1.0, w, x, y)
    return dw, dx
