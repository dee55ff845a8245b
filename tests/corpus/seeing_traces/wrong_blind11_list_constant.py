# truth: The captured constant is kept as a plain Python list (a NumPy habit), so x * t + A raises TypeError (unsupported operand types ArrayImpl/tracer and list) instead of adding the constant.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: list_in_arithmetic
import jax
import jax.numpy as jnp

A = [0.5, -1.0, 2.0]


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + A
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return h, f
