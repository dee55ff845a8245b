# truth: scan is run with reverse=True, so it walks xs from the last entry to the first and partial_sums[i] = xs[i] + ... + xs[N-1] (suffix sums) instead of xs[0] + ... + xs[i]; the total is still correct.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_some_entries
# says: with the rows it scans taken in reverse order (reverse=True)
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        new_carry = carry + x
        return new_carry, new_carry

    return lax.scan(step, 0.0, xs, reverse=True)
