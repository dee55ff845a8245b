# truth: Casts to int64 before summing without enabling x64, so the cast silently stays int32 and the sum still wraps around.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    wide = counts.astype(jnp.int64)  # 64 bits are enough for the total
    return (jnp.sum(wide) / counts.shape[0]).astype(jnp.float32)
