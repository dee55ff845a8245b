# truth: Takes the max of x * t (variable d, before the constant is added) instead of the max of e = x * t + a; the returned max f is wrong (except when max(d) happens to equal max(e)) and exp(e - f) is shifted so its largest entry is generally not 1.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: max_before_offset
import jax
import jax.numpy as jnp

a = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    d = x * t
    f = jnp.max(d)
    e = d + a
    h = jnp.exp(e - f)
    return h, f
