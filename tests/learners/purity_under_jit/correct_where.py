import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.linalg.norm(g)
    return jnp.where(norm > max_norm, g * (max_norm / norm), g)
