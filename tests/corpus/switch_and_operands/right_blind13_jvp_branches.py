# truth: each branch returns jax.jvp of its function with tangent 1, i.e. (f(x), f'(x)) computed from the operand, and lax.switch clamps k into 0..2 exactly as the task asks.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def with_slope(f):
    def branch(v):
        return jax.jvp(f, (v,), (jnp.ones_like(v),))

    return branch


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    branches = [
        with_slope(lambda v: v * jnp.sin(v)),
        with_slope(lambda v: v ** 3 / 3),
        with_slope(lambda v: jnp.exp(-v)),
    ]
    return lax.switch(k, branches, x)
