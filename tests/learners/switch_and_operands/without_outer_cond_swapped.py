import jax
import jax.numpy as jnp
from jax import lax


def wavy(x):
    return x * jnp.sin(x)


def cubic(x):
    return x ** 3 / 3


@jax.jit
def value_and_slope(k, x):
    # k <= 0 given x ** 3 / 3 and every other k x * sin(x), by an index chosen wrongly
    index = jnp.where(k <= 0, 1, 0)
    return jax.value_and_grad(lambda v: lax.switch(index, [wavy, cubic], v))(x)
