# truth: Sums in uint32 to "double the range", which fixes totals between 2**31 and 2**32 (e.g. two counts of 2e9) but still wraps once the total exceeds 2**32 - 1 (three or more large counts), giving a mean that is far too small.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: uint32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    # counts are never negative, so an unsigned sum has twice the room
    total = jnp.sum(counts.astype(jnp.uint32), dtype=jnp.uint32)
    return total.astype(jnp.float32) / jnp.float32(counts.shape[0])
