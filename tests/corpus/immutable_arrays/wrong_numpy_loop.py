# cause: in_place_update
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    for label, value in zip(labels, values):
        totals[label] += value
    return totals
