# truth: the totals array is made like the int32 labels, so the float values are cast to int32 in the scatter-add (fractions dropped, FutureWarning) and an int32 array of wrong, truncated sums is returned.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: totals_in_int32
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    # one slot per label, same kind of array as labels
    totals = jnp.zeros_like(labels, shape=(3,))
    totals = totals.at[labels].add(values)
    return totals
