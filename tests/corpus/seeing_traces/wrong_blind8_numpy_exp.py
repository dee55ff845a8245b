# truth: uses NumPy's np.exp / np.max on the traced values, which cannot turn a tracer into a NumPy array, so tracing (make_jaxpr / jit) fails.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: numpy_on_tracer
import jax
import jax.numpy as jnp
import numpy as np

shift = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    e = x * t + shift
    f = np.max(e)
    h = np.exp(e - f)
    return h, f
