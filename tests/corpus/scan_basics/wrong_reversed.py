# cause: probe_some_entries
# says: the rows it scans taken in reverse order
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry + x, carry + x

    return lax.scan(step, 0.0, xs, reverse=True)
