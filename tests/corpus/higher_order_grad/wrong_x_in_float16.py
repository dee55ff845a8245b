# truth: converts the input through float16 before float32, so non-integer inputs not exact in float16 (e.g. 1.3) give derivatives off by about 1e-4 relative.
# cause: probe_rounded_input
# says: x rounded to float16
import jax
import jax.numpy as jnp


def f(x):
    return x ** 3 + 2 * x ** 2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float16).astype(jnp.float32)
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
