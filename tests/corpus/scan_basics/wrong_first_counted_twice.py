import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(total, x):
        total = total + x
        return total, total

    return lax.scan(step, xs[0], xs)
