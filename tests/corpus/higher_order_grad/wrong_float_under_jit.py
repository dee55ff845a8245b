# cause: tracer_to_python_number
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


@jax.jit
def derivatives(x):
    x = float(x)
    d1 = jax.grad(f)
    return d1(x), jax.grad(d1)(x), jax.grad(jax.grad(d1))(x)
