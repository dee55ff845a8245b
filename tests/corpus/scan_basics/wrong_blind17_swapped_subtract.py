# truth: the step computes x - carry instead of carry + x, so the carry alternates signs: c0 = x0, c1 = x1 - x0, c2 = x2 - x1 + x0, ...; total and partial_sums are these alternating sums, not running sums.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_steps_then_off
# says: with the sign of a term flipped (the first term subtracted)
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        new_carry = x - carry
        return new_carry, new_carry

    return lax.scan(step, 0.0, xs)
