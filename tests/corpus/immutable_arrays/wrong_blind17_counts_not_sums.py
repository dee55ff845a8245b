# truth: adds 1.0 at each label instead of the example's value, so it returns the number of examples in each class (float counts) rather than the sum of their values.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
# says: does not change when values changes
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.
    return totals.at[labels].add(1.0)
