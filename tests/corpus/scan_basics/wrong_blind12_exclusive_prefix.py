# truth: the step collects the carry from before adding x, so partial_sums is the exclusive prefix sum [0, xs[0], xs[0]+xs[1], ...] (shifted by one), while the total is right.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: collects_old_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # collect the running total we have, then add x
        return carry + x, carry

    return lax.scan(step, 0.0, xs)
