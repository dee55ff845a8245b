# truth: uses the mask x >= 0 instead of x > 0, so exact zeros are counted as positive entries and lower the mean (e.g. [0., 2.] gives 1.0 instead of 2.0).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with >= where it compares with >
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x >= 0
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, x, 0.0))
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
