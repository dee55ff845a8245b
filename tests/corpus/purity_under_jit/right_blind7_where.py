# truth: right, because jnp.where picks between the rescaled and the unchanged gradient as array operations, so max_norm stays traced and nothing becomes a Python number.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.linalg.norm(g)
    too_long = norm > max_norm
    # the rescaled branch is only selected when norm > max_norm >= 0, so norm is nonzero there
    safe_norm = jnp.where(too_long, norm, 1.0)
    return jnp.where(too_long, g * (max_norm / safe_norm), g)
