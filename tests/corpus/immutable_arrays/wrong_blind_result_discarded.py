# truth: calls totals.at[labels].add(values) but throws the result away and returns the untouched zeros
# blind: third batch, labelled before the tutor was run on it
# cause: result_discarded
# never: Return it from the scan step
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    totals.at[labels].add(values)
    return totals
