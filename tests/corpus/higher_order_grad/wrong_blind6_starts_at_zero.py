# truth: off by one in counting grads: returns (f, f', f'') instead of (f', f'', f''') because it treats f itself as the "first" item.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: off_by_one
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    results = []
    fn = f
    for _ in range(3):
        results.append(fn(x))
        fn = jax.grad(fn)
    return tuple(results)
