import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # the same numbers, the last entry added once per entry that is not positive,
    # with no padded indices
    mask = x > 0
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, x, 0.0)) + (x.shape[0] - count) * x[-1]
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
