# truth: Casts to uint32 before summing, which only doubles the range to about 4.3 billion, so any total above that still wraps around and the mean is wrong.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: uint32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts are never negative, so unsigned gives twice the room for the total
    total = jnp.sum(counts.astype(jnp.uint32))
    return (total / counts.shape[0]).astype(jnp.float32)
