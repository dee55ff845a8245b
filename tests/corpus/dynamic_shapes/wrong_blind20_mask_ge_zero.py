# truth: The mask is `x >= 0` instead of `x > 0`, so exact zeros are counted in the denominator and pull the mean down (e.g. [2, 0, -1] gives 1.0 instead of 2.0); correct whenever no entry is exactly 0.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: >= where it compares with >
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x >= 0
    total = jnp.sum(jnp.where(mask, x, 0.0))
    count = jnp.sum(mask)
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
