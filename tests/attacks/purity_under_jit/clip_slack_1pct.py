# attack: edge
# wrong: g is only scaled down once its norm is more than 1% above max_norm, so norms in (max_norm, 1.01 * max_norm] are returned unclipped.
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g**2))
    return jnp.where(norm > 1.01 * max_norm, g * (max_norm / norm), g)
