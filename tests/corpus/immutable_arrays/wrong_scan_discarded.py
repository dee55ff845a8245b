# cause: result_discarded
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    def step(totals, example):
        label, value = example
        totals.at[label].add(value)
        return totals, None

    totals, _ = lax.scan(step, jnp.zeros(3), (labels, values))
    return totals
