# truth: divides the masked sum by the count with no guard for a count of 0, so when no entry is > 0 it returns 0/0 = nan instead of 0.0; otherwise correct.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: empty_gives_nan
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x > 0
    return jnp.sum(jnp.where(mask, x, 0.0)) / jnp.sum(mask)
