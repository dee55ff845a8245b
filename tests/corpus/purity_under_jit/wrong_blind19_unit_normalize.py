# truth: When the norm exceeds max_norm the gradient is divided by its norm but never multiplied by max_norm, so it is clipped to norm 1 instead of norm max_norm; correct only when max_norm == 1.0 or when no clipping happens.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: unit_length_when_clipped
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    # Scale g down to norm max_norm when it is longer; no Python if on a tracer.
    return jnp.where(norm > max_norm, g / norm, g)
