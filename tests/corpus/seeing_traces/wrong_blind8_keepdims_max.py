# truth: takes the max with keepdims=True (NumPy broadcasting habit), so the second output f has shape (1,) instead of being the f32[] scalar in the jaxpr.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_reshaped
import jax
import jax.numpy as jnp

shift = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    e = x * t + shift
    f = jnp.max(e, axis=0, keepdims=True)
    h = jnp.exp(e - f)
    return h, f
