# truth: scans over xs[1:] instead of xs, so xs[0] is never added: total = xs[1]+...+xs[N-1] and partial_sums has only N-1 entries, entry j = xs[1]+...+xs[j+1].
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_shape
# says: with the first of the rows it scans left out
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        new_carry = carry + x
        return new_carry, new_carry

    return lax.scan(step, 0.0, xs[1:])
