# truth: sums the int32 counts in int32, which wraps around when the total passes about 2.1 billion, and only then divides (the division gives float32, but of a wrong number).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    total = jnp.sum(counts)
    return total / counts.shape[0]
