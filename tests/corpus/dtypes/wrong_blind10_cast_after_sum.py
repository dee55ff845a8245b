# truth: sums the int32 counts in int32 (which wraps when the total passes 2**31) and only casts to float32 afterwards, so the mean is garbage for big totals.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    total = jnp.sum(counts)
    return total.astype(jnp.float32) / counts.shape[0]
