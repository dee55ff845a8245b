import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = float(jnp.linalg.norm(g))
    if norm > max_norm:
        return g * (max_norm / norm)
    return g
