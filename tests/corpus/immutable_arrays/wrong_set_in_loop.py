# cause: set_not_add
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    for i in range(labels.shape[0]):
        totals = totals.at[labels[i]].set(values[i])
    return totals
