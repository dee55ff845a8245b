# truth: sums in uint32 ("counts are never negative, so unsigned doubles the range"), which still wraps once the total passes about 4.29 billion.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: uint32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    total = jnp.sum(counts.astype(jnp.uint32))
    return total.astype(jnp.float32) / counts.shape[0]
