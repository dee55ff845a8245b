# truth: g * max_norm / max(norm, max_norm) equals g when norm <= max_norm and g * max_norm / norm otherwise, i.e. g * min(1, max_norm / norm), with traced max_norm and no Python numbers.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.linalg.norm(g)
    return g * (max_norm / jnp.maximum(norm, max_norm))
