# truth: right, because each switch branch returns the (value, derivative) pair worked out by hand, and switch clamps k just as the task asks.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def _xsin(x):
    return x * jnp.sin(x), jnp.sin(x) + x * jnp.cos(x)


def _cube(x):
    return x ** 3 / 3, x ** 2


def _decay(x):
    e = jnp.exp(-x)
    return e, -e


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return lax.switch(k, [_xsin, _cube, _decay], x)
