import jax.numpy as jnp


def class_totals(labels, values):
    totals = jnp.zeros(3)
    for i in range(labels.shape[0]):
        totals[labels[i]] = totals[labels[i]] + values[i]
    return totals
