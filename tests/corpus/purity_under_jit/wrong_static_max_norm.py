# cause: static_traced
# blind: written before the tutor was run on it (second batch)
# never: drop it from static_argnames
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * jnp.minimum(1.0, max_norm / norm)
