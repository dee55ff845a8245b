import jax.numpy as jnp


def mystery(x, t):
    e = t * x
    f = e.max()
    return jnp.exp(e - f), f
