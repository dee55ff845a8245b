# cause: probe_plus_first_entry
# blind: written before the tutor was run on it (second batch)
# says: xs[0] is counted twice
# never: a Python loop beside the loop
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(total, x):
        total = total + x
        return total, total

    return lax.scan(step, xs[0], xs)
