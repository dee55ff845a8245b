# truth: a Python loop over the examples with one .at[].add per example, neither one vectorised .at nor a lax.scan (numbers right)
# blind: third batch, labelled before the tutor was run on it
# cause: none
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    for i in range(labels.shape[0]):
        totals = totals.at[labels[i]].add(values[i])
    return totals
