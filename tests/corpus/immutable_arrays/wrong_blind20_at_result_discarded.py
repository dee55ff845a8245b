# truth: The result of `totals.at[labels].add(values)` is thrown away (NumPy in-place habit), so the function returns the untouched zeros; every input with any nonzero value gives the wrong answer [0, 0, 0].
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: result_discarded
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.
    totals.at[labels].add(values)
    return totals
