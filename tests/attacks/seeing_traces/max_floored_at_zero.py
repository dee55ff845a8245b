# attack: edge
# wrong: the max is floored at 0, so when every entry of x*t + offsets is negative both outputs differ.
import jax.numpy as jnp

offsets = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    y = x * t + offsets
    m = jnp.maximum(jnp.max(y), 0.0)
    return jnp.exp(y - m), m
