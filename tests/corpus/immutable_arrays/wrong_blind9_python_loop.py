# truth: adds the examples one at a time in a Python for loop, which jit unrolls into one scatter per example; the task forbids this even though the numbers match.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: none
# says: Your answers are right; how your function is built is not
import jax
import jax.numpy as jnp
from jax import lax


def class_totals(labels, values):
    totals = jnp.zeros(3)
    for i in range(labels.shape[0]):
        totals = totals.at[labels[i]].add(values[i])
    return totals
