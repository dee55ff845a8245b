# truth: drops the "else unchanged" branch and always rescales g to norm max_norm, so gradients shorter than max_norm are stretched up instead of left alone.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: always_scaled
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    # no Python if on a tracer: just scale to the target norm
    return g * (max_norm / norm)
