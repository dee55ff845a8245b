import jax.numpy as jnp


def mean_count(counts):
    # true division makes float32 shares first; their sum cannot wrap
    return jnp.sum(counts / counts.shape[0])
