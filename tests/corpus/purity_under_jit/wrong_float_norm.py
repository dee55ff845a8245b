# cause: tracer_to_python_number
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = float(jnp.linalg.norm(g))
    if norm > max_norm:
        return g * (max_norm / norm)
    return g
