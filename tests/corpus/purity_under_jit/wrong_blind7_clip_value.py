# truth: clips each entry of g to [-max_norm, max_norm] (clip by value, like torch's clip_grad_value_) instead of rescaling the whole vector by its norm.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_by_value
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    return jnp.clip(g, -max_norm, max_norm)
