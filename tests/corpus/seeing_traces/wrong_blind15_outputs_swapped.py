# truth: Returns the outputs as (f, h) instead of the jaxpr's (h, f), reading the out tuple back to front; the first output is the scalar max and the second is the vector, so both outputs are in the wrong positions.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: outputs_swapped
import jax
import jax.numpy as jnp

a = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + a
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return f, h
