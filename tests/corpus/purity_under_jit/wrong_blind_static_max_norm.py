# truth: max_norm marked static, so every new max_norm value recompiles (the numbers are right)
# blind: third batch, labelled before the tutor was run on it
# cause: static_traced
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="max_norm")
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * jnp.minimum(1.0, max_norm / norm)
