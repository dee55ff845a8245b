# truth: scans over an index range and reads xs[i] inside the step instead of giving xs to scan as its xs, which the task forbids.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: none
# says: Your loop reads xs[i] by an index
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, i):
        new_carry = carry + xs[i]
        return new_carry, new_carry

    return lax.scan(step, 0.0, jnp.arange(xs.shape[0]))
