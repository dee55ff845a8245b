# attack: tolerance
# wrong: the scale is max_norm / (norm + 1e-6), so a clipped g ends up with norm slightly below max_norm (relative error 1e-6 / norm).
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g**2))
    return g * jnp.minimum(1.0, max_norm / (norm + 1e-6))
