import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    return jnp.zeros(3).at[labels - 1].add(values)
