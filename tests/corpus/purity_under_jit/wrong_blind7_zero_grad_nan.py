# truth: normalises g first and rescales by min(norm, max_norm), which divides 0 by 0 and returns NaN for an all-zero gradient instead of zeros.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_non_finite
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    direction = g / norm
    return direction * jnp.minimum(norm, max_norm)
