# truth: when the norm is too large it divides g by its norm but forgets to multiply by max_norm, so clipped gradients come out with norm 1 instead of norm max_norm.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: unit_length_when_clipped
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return jnp.where(norm > max_norm, g / norm, g)
