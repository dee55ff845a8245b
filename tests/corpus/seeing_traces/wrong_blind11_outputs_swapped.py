# truth: The outputs are returned as (f, h) instead of (h, f), so the function returns the scalar max first and the exp vector second, the reverse of the jaxpr's out order.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: outputs_swapped
import jax
import jax.numpy as jnp

A = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + A
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return f, h
