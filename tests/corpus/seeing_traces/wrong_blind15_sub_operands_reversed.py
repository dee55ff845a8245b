# truth: Reads "sub e f" as "subtract e from f" and computes exp(f - e) instead of exp(e - f); the first output has the reciprocal values (all >= 1 instead of <= 1), only the max entry is still 1.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: sub_reversed
import jax
import jax.numpy as jnp

a = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + a
    f = jnp.max(e)
    h = jnp.exp(f - e)
    return h, f
