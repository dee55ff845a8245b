# truth: NumPy-style in-place item assignment totals[labels] += values on a JAX array (TypeError: JAX arrays are immutable)
# blind: third batch, labelled before the tutor was run on it
# cause: in_place_update
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    totals[labels] += values
    return totals
