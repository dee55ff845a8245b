# truth: the scan step calls carry.at[l].add(v) but throws the new array away and returns the old carry, so the totals stay all zeros.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: result_discarded
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)

    def step(carry, example):
        label, value = example
        carry.at[label].add(value)
        return carry, None

    totals, _ = lax.scan(step, totals, (labels, values))
    return totals
