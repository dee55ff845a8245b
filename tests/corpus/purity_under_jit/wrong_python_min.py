# cause: python_if_on_tracer
# blind: written before the tutor was run on it (second batch)
# says: min()
# never: A Python if needs
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * min(1.0, max_norm / norm)
