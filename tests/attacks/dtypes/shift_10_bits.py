# attack: tolerance
# wrong: each count is shifted right by 10 bits before an int32 sum (to dodge overflow) and scaled back by 1024, dropping up to 1023 per count (relative error up to ~1e-5).
import jax.numpy as jnp


def mean_count(counts):
    n = counts.shape[0]
    return jnp.sum(counts >> 10).astype(jnp.float32) * (1024.0 / n)
