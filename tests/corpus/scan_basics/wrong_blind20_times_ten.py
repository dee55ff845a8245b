# truth: The step output copies the lesson example's `new_carry * 10`, so every entry of partial_sums is 10 times the true partial sum; the total (final carry) is still correct, and partial_sums only matches when it is all zeros.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_constant_factor
# says: 10 times
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        new_carry = carry + x
        return new_carry, new_carry * 10  # (what the next step sees, what we collect)

    return lax.scan(step, 0.0, xs)
