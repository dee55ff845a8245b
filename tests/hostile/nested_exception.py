import jax.numpy as jnp


def helper(w):
    return jnp.asarray(w) / undefined_name


def grad_w_and_x(scale, w, x, y):
    return helper(w), x
