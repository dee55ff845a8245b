# truth: totals created with an int32 dtype, so the float values are truncated when added and the result is an integer array
# blind: third batch, labelled before the tutor was run on it
# cause: probe_integer_result
# says: an integer array holds no fractions
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3, dtype=jnp.int32)
    return totals.at[labels].add(values.astype(jnp.int32))
