# truth: copies the counts[i] += 1 pattern and adds 1.0 per example, so it returns how many examples each class has instead of the sum of their values.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # like counts[i] += 1, one bump per example of that label
    totals = totals.at[labels].add(1.0)
    return totals
