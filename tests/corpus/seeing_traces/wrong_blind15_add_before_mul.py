# truth: Computes e as (x + a) * t instead of x * t + a, applying the captured constant before the multiplication rather than after it; e, and therefore both outputs, are wrong whenever t != 1.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: offset_before_scale
import jax
import jax.numpy as jnp

a = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = (x + a) * t
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return h, f
