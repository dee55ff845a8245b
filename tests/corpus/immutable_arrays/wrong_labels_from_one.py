# cause: probe_permuted
# blind: written before the tutor was run on it (second batch)
# says: one place off
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    return jnp.zeros(3).at[labels - 1].add(values)
