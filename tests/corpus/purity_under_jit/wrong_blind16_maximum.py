# truth: jnp.maximum is used instead of jnp.minimum, so gradients longer than max_norm are returned unchanged while shorter ones are scaled up to norm max_norm (the reverse of clipping).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_non_finite
# says: with a maximum where it takes a minimum
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    scale = jnp.maximum(1.0, max_norm / norm)
    return g * scale
