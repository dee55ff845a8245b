# attack: edge
# wrong: a chain of where picks by k == 0 and k == 1 and sends every other k to the last function, so a k below 0 gets exp(-x) instead of the first
import jax
import jax.numpy as jnp


def f(k, x):
    a = x * jnp.sin(x)
    b = x**3 / 3
    c = jnp.exp(-x)
    return jnp.where(k == 0, a, jnp.where(k == 1, b, c))


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return jax.value_and_grad(f, argnums=1)(k, x)
