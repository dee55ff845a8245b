# truth: clips each component to [-max_norm, max_norm] (clip by value, like torch clip_grad_value_) instead of scaling the whole vector, so the direction changes and the norm can still exceed max_norm.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_by_value
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    # keep the gradient inside [-max_norm, max_norm] with array ops only
    return jnp.clip(g, -max_norm, max_norm)
