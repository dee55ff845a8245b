# truth: returns the outputs as (max, exp) instead of (h, f), misreading `in (h, f)` as "the scalar comes first".
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: outputs_swapped
import jax
import jax.numpy as jnp

shift = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    e = x * t + shift
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return f, h
