# truth: casts to int64 to avoid overflow, but without jax_enable_x64 astype(jnp.int64) silently gives int32 (with a warning), so the sum still wraps past 2**31-1 and the mean of large counts is wrong
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    wide = counts.astype(jnp.int64)
    return (jnp.sum(wide) / counts.shape[0]).astype(jnp.float32)
