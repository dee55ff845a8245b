# true: python_loop
# says: jnp.cumsum
# never: Move the loop body
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    partials = jnp.cumsum(xs)
    return partials[-1], partials
