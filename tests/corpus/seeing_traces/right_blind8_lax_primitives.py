# truth: right, because it calls the lax primitives one per jaxpr equation (mul, add, reduce_max, sub, exp) on a captured float32 constant and returns (h, f) in that order, which traces to exactly the given jaxpr.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax

OFFSET = jnp.array([0.5, -1.0, 2.0], dtype=jnp.float32)


def mystery(x, t):
    d = lax.mul(x, t)
    e = lax.add(d, OFFSET)
    f = lax.reduce_max(e, axes=(0,))
    g = lax.sub(e, f)
    h = lax.exp(g)
    return h, f
