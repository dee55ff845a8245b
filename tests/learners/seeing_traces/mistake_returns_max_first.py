import jax.numpy as jnp


def mystery(x, t):
    e = x * t + jnp.array([0.5, -1.0, 2.0])
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return (f, h)
