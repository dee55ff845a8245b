# truth: adds the constant before multiplying by t, computing e = (x + CONST) * t instead of x * t + CONST, so the constant is scaled by t too (jaxpr does add then mul); h and f both follow from the wrong e.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: offset_before_scale
import jax
import jax.numpy as jnp

CONST = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = (x + CONST) * t
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return h, f
