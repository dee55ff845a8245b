# truth: Sums the int32 counts first and casts to float32 afterwards, so a total above 2**31 - 1 wraps around before the cast; correct for small counts, but a wrong (often negative) mean whenever the total does not fit in int32.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    total = jnp.sum(counts)
    return total.astype(jnp.float32) / counts.shape[0]
