# truth: jnp.clip clips each component to [-max_norm, max_norm] instead of rescaling the whole vector, so a long gradient with all small components is left unchanged and one with large components changes direction and can keep a norm above max_norm.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_by_value
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return jnp.where(norm > max_norm, jnp.clip(g, -max_norm, max_norm), g)
