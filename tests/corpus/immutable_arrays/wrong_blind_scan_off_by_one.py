# truth: the scan walks labels[1:] and values[1:], skipping the first example (off by one)
# blind: third batch, labelled before the tutor was run on it
# cause: variant_of_the_solution
# says: the first of the rows it scans left out
# never: taking the examples out one at a time
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)

    def step(totals, example):
        label, value = example
        return totals.at[label].add(value), None

    totals, _ = lax.scan(step, totals, (labels[1:], values[1:]))
    return totals
