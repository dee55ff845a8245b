# truth: uses .at[labels].set(values) instead of .add, so entry c holds a single value with label c (whichever write wins among duplicates, typically the last) rather than the sum of all values with label c; classes with one example happen to come out right.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: set_not_add
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.
    return totals.at[labels].set(values)
