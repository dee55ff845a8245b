# truth: divides each count by N with integer floor division before summing to avoid overflow, which throws away every remainder, so the mean can be off by up to 1 (visible on small counts such as [1, 2]; right only for N == 1 or counts all divisible by N).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: remainders_dropped
import jax
import jax.numpy as jnp


def mean_count(counts):
    n = counts.shape[0]
    return jnp.sum(counts // n).astype(jnp.float32)
