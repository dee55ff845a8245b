# true: probe_shape
# a pair whose entry 0 is no loss value: not value_and_grad's pair
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    dw, dx = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
    return jnp.sum(dw), (dw, dx)
