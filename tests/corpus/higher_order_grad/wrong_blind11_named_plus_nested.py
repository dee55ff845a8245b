# truth: names the second derivative ddf and then copies the lesson's jax.grad(jax.grad(...)) pattern onto it, so the third entry is the fourth derivative of the cubic, 0, instead of f'''(x) = 6.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_zero_entries
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x, dtype=jnp.float32)
    df = jax.grad(f)
    ddf = jax.grad(df)
    return df(x), ddf(x), jax.grad(jax.grad(ddf))(x)
