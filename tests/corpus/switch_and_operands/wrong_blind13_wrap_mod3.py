# truth: wraps the index with k % 3 instead of letting lax.switch clamp it, so k < 0 and k > 2 pick the wrong function (e.g. k = -1 gives exp(-x) instead of x*sin(x), k = 3 gives x*sin(x) instead of exp(-x)).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: index_wraps
import jax
import jax.numpy as jnp
from jax import lax


def f0(v):
    return v * jnp.sin(v)


def f1(v):
    return v ** 3 / 3


def f2(v):
    return jnp.exp(-v)


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    g = lambda v: lax.switch(k % 3, [f0, f1, f2], v)
    return jax.value_and_grad(g)(x)
