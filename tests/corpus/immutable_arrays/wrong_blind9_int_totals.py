# truth: the accumulator is made with the labels' int32 dtype, so the float values are truncated to integers when added and the totals come back as int32.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: totals_in_int32
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    # one slot per class, same kind of array as the labels
    totals = jnp.zeros(3, dtype=labels.dtype)
    return totals.at[labels].add(values)
