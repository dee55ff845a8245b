import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    return jnp.mean(jnp.maximum(x, 0.0))
