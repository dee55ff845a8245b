# attack: tolerance
# wrong: exp(-x) is written as 2.71828 ** -x: values within ~2e-6 relative, but the slope at x = 0 is -ln(2.71828) = -0.9999993, not exactly -1.
import jax
import jax.numpy as jnp
from jax import lax


def wavy(x):
    return x * jnp.sin(x)


def cubic(x):
    return x**3 / 3


def decay(x):
    return 2.71828**-x


@jax.jit
def value_and_slope(k, x):
    def pick(x):
        return lax.switch(k, [wavy, cubic, decay], x)

    return jax.value_and_grad(pick)(x)
