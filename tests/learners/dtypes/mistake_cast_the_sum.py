import jax.numpy as jnp


def mean_count(counts):
    total = jnp.sum(counts)
    return total.astype(jnp.float32) / len(counts)
