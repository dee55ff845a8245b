# truth: Calls the lax primitives named in the jaxpr directly (lax.mul, lax.add, lax.reduce_max over axis 0, lax.sub, lax.exp) with the captured float32 constant, which traces to exactly the same jaxpr and values.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp

from jax import lax

A = jnp.array([0.5, -1.0, 2.0], dtype=jnp.float32)


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = lax.add(lax.mul(x, t), A)
    f = lax.reduce_max(e, axes=(0,))
    return lax.exp(lax.sub(e, f)), f
