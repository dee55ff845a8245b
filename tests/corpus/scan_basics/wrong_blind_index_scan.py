# truth: scans over an index jnp.arange(N) and reads xs[i] instead of giving xs to scan as its xs (numbers are right)
# blind: third batch, labelled before the tutor was run on it
# cause: none
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, i):
        new_carry = carry + xs[i]
        return new_carry, new_carry

    return lax.scan(step, 0.0, jnp.arange(xs.shape[0]))
