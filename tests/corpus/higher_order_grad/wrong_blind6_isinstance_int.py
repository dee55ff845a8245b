# truth: only converts Python ints (isinstance check), so an int32 array reaches jax.grad unconverted and raises TypeError.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: integer_grad_input
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    if isinstance(x, int):
        x = float(x)
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
