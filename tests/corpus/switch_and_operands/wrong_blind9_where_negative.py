# truth: a jnp.where chain that tests k == 0 and k == 1 and lets everything else fall through to exp(-x), so a negative k picks the last function instead of the first.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: below_zero_takes_last
import jax
import jax.numpy as jnp
from jax import lax


def f0(x):
    return x * jnp.sin(x)


def f1(x):
    return x ** 3 / 3


def f2(x):
    return jnp.exp(-x)


@jax.jit
def value_and_slope(k, x):
    v0, d0 = jax.value_and_grad(f0)(x)
    v1, d1 = jax.value_and_grad(f1)(x)
    v2, d2 = jax.value_and_grad(f2)(x)
    value = jnp.where(k == 0, v0, jnp.where(k == 1, v1, v2))
    slope = jnp.where(k == 0, d0, jnp.where(k == 1, d1, d2))
    return value, slope
