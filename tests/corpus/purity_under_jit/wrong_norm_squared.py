# cause: norm_without_sqrt
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sum(g ** 2)
    return g * jnp.minimum(1.0, max_norm / norm)
