# attack: edge
# wrong: g is normalised first and then rescaled by min(norm, max_norm), which gives NaN when g is exactly zero.
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g**2))
    return g / norm * jnp.minimum(norm, max_norm)
