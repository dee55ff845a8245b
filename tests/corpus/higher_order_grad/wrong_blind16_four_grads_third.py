# truth: nests four jax.grad calls for the third derivative, so the third element is f''''(x) = 0.0 instead of f'''(x) = 6.0 (the first two elements are correct).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_zero_entries
# says: with one jax.grad more
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    first = jax.grad(f)(x)
    second = jax.grad(jax.grad(f))(x)
    third = jax.grad(jax.grad(jax.grad(jax.grad(f))))(x)
    return (first, second, third)
