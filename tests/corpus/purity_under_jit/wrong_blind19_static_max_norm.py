# truth: max_norm is marked static, so every new max_norm value retraces and recompiles; the clipped values are correct, but the checker's requirement of one compiled version for several max_norm values fails.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_traced
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="max_norm")
def clip_by_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    # max_norm is a Python float, so keep it static; the decision itself stays an array op.
    scale = jnp.minimum(1.0, max_norm / norm)
    return g * scale
