# truth: the step outputs None, so scan returns None instead of the partial sums (the total is right)
# blind: third batch, labelled before the tutor was run on it
# true: probe_some_entries
# never: does not give the answers it gives
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry + x, None

    return lax.scan(step, 0.0, xs)
