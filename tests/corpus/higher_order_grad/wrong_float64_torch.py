# true: probe_non_finite
# (the space has the edge x = 0, where d2(x) / x is infinite)
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    return d1(x), d2(x), d2(x) / x
