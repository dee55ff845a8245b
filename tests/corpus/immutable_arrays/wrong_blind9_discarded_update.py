# truth: the scan step calls .at[label].add but throws the returned array away and carries the old totals, so the result stays all zeros.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: result_discarded
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)

    def step(totals, example):
        label, value = example
        totals.at[label].add(value)  # like counts[label] += value in NumPy
        return totals, None

    totals, _ = lax.scan(step, totals, (labels, values))
    return totals
