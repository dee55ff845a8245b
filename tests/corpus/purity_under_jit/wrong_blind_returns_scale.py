# truth: returns the scale factor min(1, max_norm / norm) instead of g multiplied by it
# blind: third batch, labelled before the tutor was run on it
# cause: probe_shape
# says: with a factor left out
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return jnp.minimum(1.0, max_norm / norm)
