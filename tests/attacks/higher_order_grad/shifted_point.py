# attack: tolerance
# wrong: the derivatives are taken at x + 1e-6 instead of x, so each is off by about 1e-6 times the next derivative.
import jax
import jax.numpy as jnp


def f(x):
    return x**3 + 2 * x**2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32) + 1e-6
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
