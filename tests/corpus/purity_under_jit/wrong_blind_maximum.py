# truth: jnp.maximum instead of jnp.minimum, so short gradients are scaled UP to max_norm and long ones are left unchanged
# blind: third batch, labelled before the tutor was run on it
# cause: probe_non_finite
# says: with a maximum where it takes a minimum
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * jnp.maximum(1.0, max_norm / norm)
