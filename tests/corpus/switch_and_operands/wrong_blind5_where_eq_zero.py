# truth: the jnp.where chain tests k == 0 and k == 1 and sends everything else to exp(-x), so a negative k gets the last function instead of the first.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: below_zero_takes_last
import jax
import jax.numpy as jnp
from jax import lax


def f(k, x):
    a = x * jnp.sin(x)
    b = x ** 3 / 3
    c = jnp.exp(-x)
    return jnp.where(k == 0, a, jnp.where(k == 1, b, c))


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return jax.value_and_grad(f, argnums=1)(k, x)
