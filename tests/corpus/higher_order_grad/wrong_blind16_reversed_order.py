# truth: returns the tuple in reverse order (f'''(x), f''(x), f'(x)), so the first and third entries are swapped (e.g. (6.0, 10.0, 4.0) instead of (4.0, 10.0, 6.0) at x=1).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_swapped_entries
# says: in another order
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return (d3(x), d2(x), d1(x))
