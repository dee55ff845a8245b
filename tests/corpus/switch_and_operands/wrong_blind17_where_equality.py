# truth: the jnp.where chain tests k == 0 for the first function instead of k <= 0, so every negative k falls through to the last branch and returns (exp(-x), -exp(-x)) instead of (x*sin(x), sin(x)+x*cos(x))
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: below_zero_takes_last
import jax
import jax.numpy as jnp
from jax import lax


def _f0(x):
    return x * jnp.sin(x)


def _f1(x):
    return x ** 3 / 3


def _f2(x):
    return jnp.exp(-x)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    v0, d0 = jax.value_and_grad(_f0)(x)
    v1, d1 = jax.value_and_grad(_f1)(x)
    v2, d2 = jax.value_and_grad(_f2)(x)
    value = jnp.where(k == 0, v0, jnp.where(k == 1, v1, v2))
    slope = jnp.where(k == 0, d0, jnp.where(k == 1, d1, d2))
    return value, slope
