# attack: tolerance
# wrong: the captured constant is [0.5, -1.0, 2.00001] instead of [0.5, -1.0, 2.0], shifting outputs by about 1e-5.
import jax.numpy as jnp

offsets = jnp.array([0.5, -1.0, 2.00001])


def mystery(x, t):
    y = x * t + offsets
    m = jnp.max(y)
    return jnp.exp(y - m), m
