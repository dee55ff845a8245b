# truth: indexes the Python list of functions with the traced k under jit, which raises TracerIntegerConversionError instead of picking a branch.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: list_indexed_by_tracer
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
    # k <= 0: x * sin(x);  k == 1: x ** 3 / 3;  k >= 2: exp(-x)
    i = jnp.clip(k, 0, 2)
    f = branches[i]
    return jax.value_and_grad(f)(x)
