# truth: uses jnp.maximum(1, max_norm / norm) instead of the minimum, so long gradients come back unchanged and short gradients are scaled UP to norm max_norm.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_non_finite
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    # the scale factor should never let the norm go past max_norm
    scale = jnp.maximum(1.0, max_norm / norm)
    return g * scale
