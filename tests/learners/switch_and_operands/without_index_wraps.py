# k wrapped into 0..2 with floor division, k - 3 * (k // 3), with no % or mod
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
    pick = lambda x: lax.switch(k - 3 * (k // 3), [wavy, cubic, decay], x)
    return jax.value_and_grad(pick)(x)
