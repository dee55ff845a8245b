# truth: Returns the outputs as (max, exp) instead of the jaxpr's order (h, f), so the jaxpr ends `in (f, h)`: the first output is the scalar max and the second the f32[3] vector, swapped against the reference.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: outputs_swapped
import jax
import jax.numpy as jnp

# the captured constant `a`
OFFSETS = jnp.array([0.5, -1.0, 2.0], dtype=jnp.float32)


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    d = x * t
    e = d + OFFSETS
    f = jnp.max(e)
    h = jnp.exp(e - f)
    # return the max first, then the shifted exponentials
    return f, h
