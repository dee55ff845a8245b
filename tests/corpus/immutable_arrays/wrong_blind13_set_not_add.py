# truth: .at[labels].set(values) overwrites instead of accumulating, so each class entry holds the value of just one of its examples (whichever scatter write wins) rather than their sum.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: set_not_add
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    totals = totals.at[labels].set(values)
    return totals
