# truth: uses x >= 0 as the mask, so zero entries are counted and pull the mean down ([0, 2] gives 1 instead of 2).
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x >= 0
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, x, 0.0))
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
