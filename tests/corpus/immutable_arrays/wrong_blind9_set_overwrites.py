# truth: uses .at[labels].set instead of .add, so when a label repeats only one of its values survives instead of their sum.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: set_not_add
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Put each value into its label's slot in one vectorized update.
    totals = totals.at[labels].set(values)
    return totals
