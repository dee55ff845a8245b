# truth: Divides each class total by its count (per-class mean instead of sum); it agrees with the correct answer only when each class has at most one example, and is wrong whenever a class has two or more values.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_per_label_kept_finite
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.
    totals = totals.at[labels].add(values)
    counts = jnp.zeros(3).at[labels].add(1.0)
    # average per class, avoid 0/0 for empty classes
    return totals / jnp.maximum(counts, 1.0)
