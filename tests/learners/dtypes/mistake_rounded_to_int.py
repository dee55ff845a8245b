import jax.numpy as jnp


def mean_count(counts):
    return jnp.round(jnp.mean(counts)).astype(jnp.int32)
