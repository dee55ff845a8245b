# truth: sums in int32 and casts to float32 only afterwards, so when the total exceeds 2**31-1 the sum has already wrapped to a negative/wrong int32 value and the "mean" is (wrapped total)/N
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    total = jnp.sum(counts).astype(jnp.float32)
    return total / counts.shape[0]
