# truth: composes the derivative function on values instead of transforming it again, so it returns (f'(x), f'(f'(x)), f'(f'(f'(x)))) rather than the second and third derivatives.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: derivative_of_a_value
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x, dtype=jnp.float32)
    df = jax.grad(f)
    return df(x), df(df(x)), df(df(df(x)))
