# truth: casts the input with astype(float32) (covers Python ints, int32 arrays and floats), then builds f', f'', f''' by applying jax.grad repeatedly in a loop and evaluates each at x, which is exactly the first three derivatives.
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    x = jnp.asarray(x).astype(jnp.float32)
    fn, out = f, []
    for _ in range(3):
        fn = jax.grad(fn)
        out.append(fn(x))
    return tuple(out)
