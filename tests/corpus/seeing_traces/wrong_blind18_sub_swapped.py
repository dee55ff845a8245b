# truth: the subtraction operands are swapped: computes exp(max(e) - e) instead of exp(e - max(e)), so h is >= 1 with the largest entry at the smallest e (jaxpr shows sub f e instead of sub e f).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: sub_reversed
import jax
import jax.numpy as jnp

CONST = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + CONST
    f = jnp.max(e)
    h = jnp.exp(f - e)
    return h, f
