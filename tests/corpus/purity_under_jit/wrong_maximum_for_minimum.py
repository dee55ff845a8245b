# cause: probe_non_finite
# says: with a maximum where it takes a minimum
# answers equal to the where_swapped mutant's, from code with no jnp.where: the
# feedback must not speak of a jnp.where's branches
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * jnp.maximum(1.0, max_norm / norm)
