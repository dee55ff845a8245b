# The int32 sum that wraps, with no int64 asked for: it must hear int32_sum_wraps, not
# int64_without_x64 (that message speaks of an int64 this file never writes).
import jax.numpy as jnp


def mean_count(counts):
    return jnp.sum(counts) / counts.shape[0]
