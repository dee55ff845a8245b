# attack: edge
# wrong: inputs within 1e-3 of zero are snapped to exactly 0 before differentiating.
import jax
import jax.numpy as jnp


def f(x):
    return x**3 + 2 * x**2 - 3 * x + 1


def derivatives(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    x = jnp.where(jnp.abs(x) < 1e-3, 0.0, x)  # flush near-zero inputs
    d1 = jax.grad(f)
    d2 = jax.grad(d1)
    d3 = jax.grad(d2)
    return d1(x), d2(x), d3(x)
