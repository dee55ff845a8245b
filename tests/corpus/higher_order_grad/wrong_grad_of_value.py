# cause: grad_of_a_value
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    d1 = jax.grad(f)(x)
    d2 = jax.grad(d1)(x)
    d3 = jax.grad(d2)(x)
    return d1, d2, d3
