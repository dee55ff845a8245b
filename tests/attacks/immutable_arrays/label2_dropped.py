# attack: edge
# wrong: only labels below 2 are added (class 2 treated as "the rest" and never summed), so entry 2 is 0 whenever label 2 occurs.
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    def step(totals, example):
        label, value = example
        return totals.at[label].add(jnp.where(label < 2, value, 0.0)), None

    totals, _ = lax.scan(step, jnp.zeros(3), (labels, values))
    return totals
