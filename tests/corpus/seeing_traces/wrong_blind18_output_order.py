# truth: returns the outputs in the wrong order, (f, h) = (max, exp(e - max)) instead of (h, f); same operations but the scalar max comes first and the exponentiated vector second.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: outputs_swapped
import jax
import jax.numpy as jnp

CONST = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + CONST
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return f, h
