# truth: Applies the equations in the wrong order, adding the constant before scaling, so e = (x + a) * t instead of x * t + a, and both outputs are wrong whenever t != 1.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: offset_before_scale
import jax
import jax.numpy as jnp

A = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = (x + A) * t
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return h, f
