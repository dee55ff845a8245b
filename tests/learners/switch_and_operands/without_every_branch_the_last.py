import jax
import jax.numpy as jnp


@jax.jit
def value_and_slope(k, x):
    # every k given exp(-x) and its slope, written out, with no function per branch
    value = jnp.exp(-x)
    return value, -value
