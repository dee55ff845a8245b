# attack: edge
# wrong: the total is divided by the count with no guard, giving NaN (0/0) when no entry is positive.
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    return jnp.sum(jnp.where(mask, x, 0.0)) / jnp.sum(mask)
