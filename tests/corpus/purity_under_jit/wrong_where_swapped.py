# cause: where_swapped
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return jnp.where(norm > max_norm, g, g * max_norm / norm)
