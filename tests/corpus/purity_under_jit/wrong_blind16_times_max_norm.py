# truth: when the norm exceeds max_norm it returns g * max_norm without dividing by the norm, so long gradients end up with norm max_norm * norm(g) instead of max_norm (short gradients are correctly unchanged).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: wrong_on_one_side
# says: when the norm of g is above max_norm
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return jnp.where(norm > max_norm, g * max_norm, g)
