# cause: probe_object_returned
# a string returned: not a function jax.grad made
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return "dw, dx"
