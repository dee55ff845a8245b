# truth: in the scan step the .at[].add result is discarded and the old carry is returned, so the totals stay zero
# blind: third batch, labelled before the tutor was run on it
# cause: result_discarded
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)

    def step(totals, example):
        label, value = example
        totals.at[label].add(value)
        return totals, None

    totals, _ = lax.scan(step, totals, (labels, values))
    return totals
