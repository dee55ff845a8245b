# cause: collects_old_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(total, x):
        out = total
        total = total + x
        return total, out

    return lax.scan(step, 0.0, xs)
