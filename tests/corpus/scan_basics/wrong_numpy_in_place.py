# cause: numpy_in_place
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    partials = jnp.zeros_like(xs)
    total = 0.0
    for i in range(xs.shape[0]):
        total = total + xs[i]
        partials[i] = total
    return total, partials
