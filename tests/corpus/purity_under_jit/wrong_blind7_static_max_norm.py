# truth: marks max_norm static so the formula sees a Python float, but then every new max_norm value traces and compiles a new program.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: static_traced
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="max_norm")
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    return g * jnp.minimum(1.0, max_norm / norm)
