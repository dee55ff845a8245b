# truth: a lax.scan over (label, value) pairs whose float carry gets .at[label].add(value) each step, returned as the new carry, accumulates exactly the per-class sums (0 for absent classes).
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3, dtype=jnp.result_type(values, jnp.float32))

    def step(carry, example):
        label, value = example
        return carry.at[label].add(value), None

    totals, _ = lax.scan(step, totals, (labels, values))
    return totals
