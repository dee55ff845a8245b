# cause: probe_ignored_argument
# blind: written before the tutor was run on it (second batch)
# says: does not change when max_norm changes
import jax
import jax.numpy as jnp

MAX_NORM = 1.0


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * jnp.minimum(1.0, MAX_NORM / norm)
