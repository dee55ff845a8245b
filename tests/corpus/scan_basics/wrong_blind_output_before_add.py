# truth: the step outputs the carry from before adding x, so partial_sums is shifted by one (exclusive prefix sums starting at 0); the total is right
# blind: third batch, labelled before the tutor was run on it
# cause: collects_old_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_carry = carry + x
        return new_carry, carry

    return lax.scan(step, 0.0, xs)
