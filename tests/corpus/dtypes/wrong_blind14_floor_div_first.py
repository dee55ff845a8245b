# truth: divides each count by N with integer floor division before summing, which avoids the overflow but drops every remainder, so the mean is too small by up to almost 1 (invisible at float32 precision for billion-sized counts, but clearly wrong for small counts such as [7, 12, 100]).
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: remainders_dropped
import jax
import jax.numpy as jnp


def mean_count(counts):
    n = counts.shape[0]
    # Scale down first so the sum fits in int32, then add up.
    return jnp.sum(counts // n).astype(jnp.float32)
