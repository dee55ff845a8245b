# truth: NumPy-style fancy-index in-place update totals[labels] += values; JAX arrays are immutable, so this raises a TypeError instead of computing anything.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: in_place_update
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    totals[labels] += values
    return totals
