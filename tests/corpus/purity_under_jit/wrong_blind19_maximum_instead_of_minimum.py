# truth: Uses jnp.maximum(1, max_norm / norm) instead of jnp.minimum, so long gradients are returned unchanged and short ones are scaled UP to norm max_norm; it only agrees when norm(g) equals max_norm.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_non_finite
# says: a maximum where it takes a minimum
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    # Scale g down to norm max_norm when it is longer; no Python if on a tracer.
    scale = jnp.maximum(1.0, max_norm / norm)
    return g * scale
