# truth: adds 1.0 per example instead of the value, so it returns counts per class rather than sums
# blind: third batch, labelled before the tutor was run on it
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    return totals.at[labels].add(1.0)
