# attack: edge
# wrong: the mask is x > 1e-3, so positive entries in (0, 1e-3] are left out of the mean.
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 1e-3
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, x, 0.0))
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
