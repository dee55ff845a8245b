# truth: the scan step updates the closed-over initial `totals` (all zeros) instead of its carry, so each step discards what earlier steps accumulated; the result is zeros except entry labels[-1], which holds only values[-1].
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# true: probe_only_size_one
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.

    def step(carry, example):
        label, value = example
        return totals.at[label].add(value), None

    result, _ = lax.scan(step, totals, (labels, values))
    return result
