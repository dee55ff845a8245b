import jax.numpy as jnp


def class_totals(labels, values):
    return jnp.zeros(3).at[labels].add(values)
