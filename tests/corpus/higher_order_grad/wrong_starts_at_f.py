# cause: off_by_one
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    return f(x), jax.grad(f)(x), jax.grad(jax.grad(f))(x)
