# truth: right, because it converts with jnp.float32 (handles Python ints and int32 arrays) and builds f', f'', f''' by wrapping jax.grad three times in a loop.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.float32(x)
    out = []
    fn = f
    for _ in range(3):
        fn = jax.grad(fn)
        out.append(fn(x))
    return tuple(out)
