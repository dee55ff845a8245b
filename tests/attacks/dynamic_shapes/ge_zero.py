# attack: edge
# wrong: the mask is x >= 0, so exact zeros are counted as positive and pull the mean down (only when x contains 0.0).
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x >= 0
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, x, 0.0))
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
