# truth: The collected history is cast to float16 "to save memory" (`new_carry.astype(jnp.float16)`), so partial_sums comes back as float16: exact for small integer-valued inputs like [1, 2, 3], but rounded (relative error up to ~5e-4, e.g. 0.1 -> 0.09998) for general floats or sums above 2048; the total (float32 carry) is correct.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_low_precision
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    def step(carry, x):
        # Return the pair (new_carry, output).
        new_carry = carry + x
        # the carry must keep its dtype, but the stacked history can be smaller
        return new_carry, new_carry.astype(jnp.float16)

    return lax.scan(step, 0.0, xs)
