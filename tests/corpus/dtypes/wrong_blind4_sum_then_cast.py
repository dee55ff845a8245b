# truth: Sums the counts in int32 and casts to float32 only afterwards, so a total above about 2.1 billion has already wrapped around and the mean is wrong.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    total = jnp.sum(counts).astype(jnp.float32)
    return total / counts.shape[0]
