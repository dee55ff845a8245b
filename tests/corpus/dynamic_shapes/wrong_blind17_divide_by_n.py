# truth: takes jnp.mean of the masked array, dividing the sum of the positive entries by N (all entries) instead of by the number of positive entries; result is too small whenever some entries are <= 0.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: divided_by_n
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    return jnp.mean(jnp.where(x > 0, x, 0.0))
