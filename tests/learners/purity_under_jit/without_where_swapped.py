# the two cases blended by a 0/1 mask, the wrong way round, with no jnp.where
import jax
import jax.numpy as jnp


@jax.jit
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    long = (norm > max_norm).astype(g.dtype)
    return long * g + (1.0 - long) * g * max_norm / norm
