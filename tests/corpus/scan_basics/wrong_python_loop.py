# cause: python_loop
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    total = 0.0
    out = []
    for x in xs:
        total += x
        out.append(total)
    return total, jnp.array(out)
