# truth: clips each entry to [-max_norm, max_norm] (jnp.clip) instead of scaling the whole vector by its Euclidean norm
# blind: third batch, labelled before the tutor was run on it
# cause: clipped_by_value
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    return jnp.clip(g, -max_norm, max_norm)
