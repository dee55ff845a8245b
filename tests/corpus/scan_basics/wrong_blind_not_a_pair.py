# truth: the step returns only the new carry, not the pair (new_carry, output)
# blind: third batch, labelled before the tutor was run on it
# cause: scan_not_a_pair
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        return carry + x

    return lax.scan(step, 0.0, xs)
