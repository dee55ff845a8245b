import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    kept = x[x > 0.0]
    if kept.size == 0:
        return jnp.float32(0.0)
    return kept.sum() / kept.size
