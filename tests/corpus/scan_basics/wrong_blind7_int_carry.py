# truth: starts the carry as an explicit int32 zero, so the float step output has another dtype than the carry input and scan raises a TypeError.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: integer_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_carry = carry + x
        return new_carry, new_carry

    return lax.scan(step, jnp.array(0, dtype=jnp.int32), xs)
