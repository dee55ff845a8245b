# cause: mean_per_label
# blind: written before the tutor was run on it (second batch)
# says: NaN
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    sums = jnp.zeros(3).at[labels].add(values)
    counts = jnp.zeros(3).at[labels].add(1.0)
    return sums / counts
