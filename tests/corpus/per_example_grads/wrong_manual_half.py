# cause: probe_constant_factor
# says: half
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # the gradient of the squared error by hand, the 2 dropped
    return (xs @ w - ys)[:, None] * xs
