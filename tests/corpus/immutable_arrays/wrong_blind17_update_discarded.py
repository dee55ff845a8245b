# truth: inside the scan step the result of carry.at[label].add(value) is thrown away and the unchanged carry is returned, so nothing is ever added and the function returns [0., 0., 0.] for every input.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: result_discarded
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.

    def step(carry, example):
        label, value = example
        carry.at[label].add(value)
        return carry, None

    totals, _ = lax.scan(step, totals, (labels, values))
    return totals
