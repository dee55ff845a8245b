# truth: wraps k around with k % 3 like a Python index, so k = -1 picks exp(-x) and k = 3 picks x*sin(x) instead of clamping.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: index_wraps
import jax
import jax.numpy as jnp
from jax import lax

funcs = [
    lambda v: v * jnp.sin(v),
    lambda v: v ** 3 / 3,
    lambda v: jnp.exp(-v),
]


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    idx = k % 3  # keep the index in range for the list of branches
    f = lambda v: lax.switch(idx, funcs, v)
    return jax.value_and_grad(f)(x)
