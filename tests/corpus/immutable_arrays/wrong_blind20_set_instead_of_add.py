# truth: Uses `.at[labels].set(values)` instead of `.add`, so with repeated labels each class keeps only one of its values instead of their sum; it is right only when every label appears at most once.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: set_not_add
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    # Add each value to its label's entry; JAX arrays cannot be changed in place.
    def step(totals, example):
        label, value = example
        totals = totals.at[label].set(value)
        return totals, None

    totals, _ = lax.scan(step, totals, (labels, values))
    return totals
