# truth: uses jnp.min instead of jnp.max for the reduction, so f = min(x*t + CONST) and h = exp(e - min(e)) (entries >= 1) instead of reduce_max and exp(e - max(e)).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with a min where it takes a max
import jax
import jax.numpy as jnp

CONST = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + CONST
    f = jnp.min(e)
    h = jnp.exp(e - f)
    return h, f
