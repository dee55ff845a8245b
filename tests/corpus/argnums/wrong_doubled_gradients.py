# true: probe_constant_factor
# a factor 2 that does not follow scale: not called scale counted twice
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    dw, dx = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
    return 2 * dw, 2 * dx
