# truth: uses the squared norm (forgot the square root) as the norm, so the clipping threshold and the scale are wrong
# blind: third batch, labelled before the tutor was run on it
# cause: norm_without_sqrt
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sum(g ** 2)
    return g * jnp.minimum(1.0, max_norm / norm)
