# truth: the scan is right but the function returns the pair in the wrong order, (partial_sums, total) instead of (total, partial_sums)
# blind: third batch, labelled before the tutor was run on it
# cause: probe_swapped_entries
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_carry = carry + x
        return new_carry, new_carry

    total, partial_sums = lax.scan(step, 0.0, xs)
    return partial_sums, total
