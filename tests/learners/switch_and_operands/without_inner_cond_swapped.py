# a three-way lax.switch with its last two functions in each other's places, with no
# lax.cond: k = 1 gets exp(-x), k >= 2 gets x ** 3 / 3
import jax
import jax.numpy as jnp
from jax import lax


def wavy(x):
    return x * jnp.sin(x)


def cubic(x):
    return x ** 3 / 3


def decay(x):
    return jnp.exp(-x)


@jax.jit
def value_and_slope(k, x):
    pick = lambda x: lax.switch(k, [wavy, decay, cubic], x)
    return jax.value_and_grad(pick)(x)
