# truth: Converts the input to bfloat16 (8-bit mantissa) instead of float32, so small integer inputs like 1 or 2 come out exact but most other inputs lose precision (e.g. x=0.1, or x=10 where f'(10)=337 is not representable and comes out as about 336), and the results have dtype bfloat16.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_low_precision
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    # Return the first, second and third derivatives of f at x, as a tuple.
    # grad needs a float dtype; bfloat16 is the usual ML float
    x = jnp.asarray(x, dtype=jnp.bfloat16)
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
