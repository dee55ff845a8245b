# a jnp.where chain on the outer x, differentiated through a function that ignores its
# input, with no switch or cond: right values, slope 0
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def value_and_slope(k, x):
    value = jnp.where(k <= 0, x * jnp.sin(x), jnp.where(k == 1, x ** 3 / 3, jnp.exp(-x)))
    pick = lambda z: value
    return jax.value_and_grad(pick)(x)
