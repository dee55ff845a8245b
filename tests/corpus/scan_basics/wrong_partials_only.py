# cause: probe_one_entry_only
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry + x, carry + x

    _, partials = lax.scan(step, 0.0, xs)
    return partials
