# truth: divides the masked sum by N (jnp.mean over all entries, zeros included) instead of by the number of positive entries, so it returns sum(positives)/N, too small whenever some entry is <= 0.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: divided_by_n
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    kept = jnp.where(x > 0, x, 0.0)
    return jnp.mean(kept)
