# truth: asks jnp.sum for dtype=int64 without enabling x64, so JAX silently truncates it to int32 and the total wraps when it passes 2**31-1, giving a wrong (even negative) mean.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # Sum in 64-bit so the total of large counts cannot overflow.
    total = jnp.sum(counts, dtype=jnp.int64)
    return total.astype(jnp.float32) / counts.shape[0]
