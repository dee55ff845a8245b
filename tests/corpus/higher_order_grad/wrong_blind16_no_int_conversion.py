# truth: never converts the input to float, so the checker's integer inputs (Python 2 and the int32 array) raise TypeError "grad requires real- or complex-valued inputs"; only float inputs give correct results.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: integer_input
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return (d1(x), d2(x), d3(x))
