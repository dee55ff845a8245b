# truth: Reads sub e f with the operands reversed and computes exp(f - e) = exp(max - e) instead of exp(e - max), so the first output is the reciprocal of the right one.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: sub_reversed
import jax
import jax.numpy as jnp

A = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + A
    f = jnp.max(e)
    h = jnp.exp(f - e)
    return h, f
