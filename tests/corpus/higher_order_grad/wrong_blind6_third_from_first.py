# truth: builds the "third" derivative as grad of the first derivative, so it returns f'' twice instead of f''' (miscounts the nesting).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_entry_repeats
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    first = jax.grad(f)
    second = jax.grad(first)
    third = jax.grad(first)
    return first(x), second(x), third(x)
