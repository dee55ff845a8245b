# truth: a Python for loop over xs instead of lax.scan (the numbers are right, but the loop is unrolled and no scan walks xs)
# blind: third batch, labelled before the tutor was run on it
# cause: python_loop
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    total = 0.0
    partial_sums = []
    for x in xs:
        total = total + x
        partial_sums.append(total)
    return total, jnp.stack(partial_sums)
