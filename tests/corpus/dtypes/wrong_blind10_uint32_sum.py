# truth: sums in uint32, which doubles the range and works for two large counts, but still wraps once the total passes about 4.29e9 (three or more big counts).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: uint32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    # Counts are never negative, so use the unsigned type: twice the headroom.
    total = jnp.sum(counts.astype(jnp.uint32))
    return total.astype(jnp.float32) / jnp.float32(counts.shape[0])
