# attack: size
# wrong: only the first 40 examples are scanned, so the totals miss examples past the 40th when N > 40.
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    def step(totals, example):
        label, value = example
        return totals.at[label].add(value), None

    totals, _ = lax.scan(step, jnp.zeros(3), (labels[:40], values[:40]))
    return totals
