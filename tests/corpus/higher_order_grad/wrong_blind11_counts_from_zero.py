# truth: nests jax.grad zero, one and two times, so it returns (f(x), f'(x), f''(x)) instead of (f'(x), f''(x), f'''(x)).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: off_by_one
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x, dtype=jnp.float32)
    d0 = f
    d1 = jax.grad(d0)
    d2 = jax.grad(d1)
    return d0(x), d1(x), d2(x)
