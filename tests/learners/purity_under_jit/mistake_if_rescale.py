import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    if jnp.linalg.norm(g) > max_norm:
        g = g / jnp.linalg.norm(g) * max_norm
    return g
