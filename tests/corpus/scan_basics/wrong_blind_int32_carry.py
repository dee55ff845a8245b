# truth: the initial carry is an explicit int32 zero while the step returns a float, so the carry's dtype changes and scan raises a carry type error
# blind: third batch, labelled before the tutor was run on it
# cause: integer_carry
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_carry = carry + x
        return new_carry, new_carry

    return lax.scan(step, jnp.zeros((), dtype=jnp.int32), xs)
