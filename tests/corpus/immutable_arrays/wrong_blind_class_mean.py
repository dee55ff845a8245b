# truth: divides each class total by its count, returning the per-class mean instead of the sum
# blind: third batch, labelled before the tutor was run on it
# cause: mean_per_label_kept_finite
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3).at[labels].add(values)
    counts = jnp.zeros(3).at[labels].add(1.0)
    return totals / jnp.maximum(counts, 1.0)
