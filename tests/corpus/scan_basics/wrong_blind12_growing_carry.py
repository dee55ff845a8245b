# truth: the carry is the list of partial sums grown with jnp.append each step, so the carry changes shape from input to output and lax.scan raises a TypeError about carry types.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: scan_carry_types
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(sums, x):
        # keep the sums so far in the carry, like appending to a list
        return jnp.append(sums, sums[-1] + x), None

    sums, _ = lax.scan(step, jnp.zeros((1,), xs.dtype), xs)
    partial_sums = sums[1:]
    return partial_sums[-1], partial_sums
