# truth: asks jnp.sum for an int64 accumulator without enabling x64, so JAX silently truncates it to int32 and the total still wraps.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    # Accumulate in 64 bits so the total cannot overflow (as in NumPy).
    total = jnp.sum(counts, dtype=jnp.int64)
    return (total / counts.shape[0]).astype(jnp.float32)
