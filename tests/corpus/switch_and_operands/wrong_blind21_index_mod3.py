# truth: Wraps the index with k % 3 (Python-style wrap-around) instead of letting lax.switch clamp it; right for k in 0..2 but wrong outside, e.g. k = -1 picks exp(-x) instead of x*sin(x) and k = 3 picks x*sin(x) instead of exp(-x).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: index_wraps
import jax
import jax.numpy as jnp
from jax import lax


def _first(x):
    return x * jnp.sin(x)


def _second(x):
    return x ** 3 / 3


def _third(x):
    return jnp.exp(-x)


BRANCHES = [jax.value_and_grad(f) for f in (_first, _second, _third)]


@jax.jit
def value_and_slope(k, x):
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    # Return (the value, its derivative with respect to x).
    return lax.switch(k % 3, BRANCHES, x)  # keep the index in range
