# truth: wraps the index with k % 3 instead of clamping it, so k = -1 picks exp(-x) and k = 3 picks x * sin(x), the opposite ends of what the task asks.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: index_wraps
import jax
import jax.numpy as jnp
from jax import lax

branches = [
    lambda x: x * jnp.sin(x),
    lambda x: x ** 3 / 3,
    lambda x: jnp.exp(-x),
]


@jax.jit
def value_and_slope(k, x):
    # keep the index in range like a Python list would
    return lax.switch(k % 3, [jax.value_and_grad(f) for f in branches], x)
