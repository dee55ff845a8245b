# attack: tolerance
# wrong: each step adds an extra 1e-7, so partial sum i is off by (i + 1) * 1e-7 (at most 4.8e-6).
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        new_carry = carry + x + 1e-7
        return new_carry, new_carry

    return lax.scan(step, jnp.zeros((), xs.dtype), xs)
