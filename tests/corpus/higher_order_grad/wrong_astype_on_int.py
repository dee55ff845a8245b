# cause: python_number_astype
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = x.astype(jnp.float32)
    d1 = jax.grad(f)
    return d1(x), jax.grad(d1)(x), jax.grad(jax.grad(d1))(x)
