# truth: casts to uint32 before summing, which only doubles the range to about 4.29e9, so with three or more large counts the unsigned total still wraps and the mean is wrong.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: uint32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    # Counts are never negative: use unsigned ints to get the extra bit of range.
    total = jnp.sum(counts.astype(jnp.uint32))
    return total.astype(jnp.float32) / counts.shape[0]
