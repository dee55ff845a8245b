# truth: divides each count by N with integer floor division before summing (to avoid overflow), which discards every remainder: returns sum(counts // N), smaller than the true mean by up to (N-1) (e.g. [3, 4] gives 3.0 not 3.5)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: remainders_dropped
import jax
import jax.numpy as jnp


def mean_count(counts):
    n = counts.shape[0]
    return jnp.sum(counts // n).astype(jnp.float32)
