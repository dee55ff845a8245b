# truth: right, because a lax.scan carries the (3,) totals and each step returns the array produced by .at[label].add(value), which sums duplicates and leaves absent classes at 0.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    values = jnp.asarray(values)
    totals = jnp.zeros(3, dtype=values.dtype)

    def step(totals, example):
        label, value = example
        return totals.at[label].add(value), None

    totals, _ = lax.scan(step, totals, (jnp.asarray(labels), values))
    return totals
