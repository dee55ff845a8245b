# truth: counts grads off by one, returning (f(x), f'(x), f''(x)) instead of (f'(x), f''(x), f'''(x)), e.g. (1.0, 4.0, 10.0) instead of (4.0, 10.0, 6.0) at x=1.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: off_by_one
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    d0 = f
    d1 = jax.grad(d0)
    d2 = jax.grad(d1)
    return (d0(x), d1(x), d2(x))
