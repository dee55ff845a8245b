# truth: The step collects the carry from before adding x (`return carry + x, carry`), so partial_sums is the exclusive prefix sum [0, xs[0], xs[0]+xs[1], ...] instead of the inclusive one; the total is still correct, but every entry i of partial_sums is short by xs[i] (wrong whenever xs has a nonzero entry).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: collects_old_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        new_carry = carry + x
        return new_carry, carry

    return lax.scan(step, 0.0, xs)
