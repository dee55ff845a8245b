# truth: passes x straight to jax.grad without converting it to float, so for the integer inputs the task requires (Python 2, int32 array) it raises a TypeError.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: integer_input
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    df = jax.grad(f)
    ddf = jax.grad(df)
    dddf = jax.grad(ddf)
    return df(x), ddf(x), dddf(x)
