# truth: the step outputs the carry from BEFORE adding x (`return carry + x, carry`), so partial_sums is the exclusive prefix sum [0, x0, x0+x1, ..., x0+...+x(N-2)] instead of the inclusive one; the total is still correct.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: collects_old_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        return carry + x, carry

    return lax.scan(step, 0.0, xs)
