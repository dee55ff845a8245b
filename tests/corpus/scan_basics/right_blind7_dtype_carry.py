# truth: right, because the carry starts as a zero of xs's own dtype, each step emits the updated carry as its output, and scan walks xs directly.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def _accumulate(carry, x):
    carry = jnp.add(carry, x)
    return carry, carry


@jax.jit
def running_total(xs):
    init = jnp.zeros((), dtype=xs.dtype)
    total, partial_sums = lax.scan(_accumulate, init, xs)
    return total, partial_sums
