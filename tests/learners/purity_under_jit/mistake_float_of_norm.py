import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = float(jnp.linalg.norm(g))
    return g * min(1.0, max_norm / norm)
