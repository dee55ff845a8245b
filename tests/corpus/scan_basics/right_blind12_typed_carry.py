# truth: the carry starts as a zero scalar of xs's own dtype (same shape and dtype after each step), the step adds one entry and emits the new total, so scan's final carry is the sum and its stacked outputs are the inclusive prefix sums.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        carry = jnp.add(x, carry)
        return (carry, carry)

    final, stacked = lax.scan(step, init=jnp.zeros((), dtype=xs.dtype), xs=xs)
    return final, stacked
