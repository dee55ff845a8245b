# cause: probe_ignored_argument
# blind: written before the tutor was run on it (second batch)
# says: does not change when values changes
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    return jnp.bincount(labels, length=3).astype(jnp.float32)
