# truth: Divides the masked sum by the count with no guard for count == 0, so when no entry is positive it returns nan (0/0) instead of 0.0; correct whenever at least one entry is > 0.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: empty_gives_nan
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x > 0
    total = jnp.sum(jnp.where(mask, x, 0.0))
    count = jnp.sum(mask)
    return total / count
