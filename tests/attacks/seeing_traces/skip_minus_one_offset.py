# attack: edge
# wrong: the max only compares y[0] and y[2] (assuming the -1 offset never wins), so m is wrong when y[1] is the largest entry.
import jax.numpy as jnp

offsets = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    y = x * t + offsets
    m = jnp.maximum(y[0], y[2])
    return jnp.exp(y - m), m
