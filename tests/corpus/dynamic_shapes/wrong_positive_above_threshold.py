# cause: wrong_at_edges
# says: one of them tiny
# truth: keeps only entries above 1e-3 where the task keeps every positive one, so tiny positive entries are left out of the mean
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 1e-3
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, x, 0.0))
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
