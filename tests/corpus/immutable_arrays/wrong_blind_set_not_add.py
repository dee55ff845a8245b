# truth: .at[labels].set(values) instead of .add, so each class keeps only one of its values instead of their sum
# blind: third batch, labelled before the tutor was run on it
# cause: set_not_add
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    return totals.at[labels].set(values)
