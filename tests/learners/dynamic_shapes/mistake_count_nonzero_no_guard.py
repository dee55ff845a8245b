import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    return jnp.sum(x * (x > 0)) / jnp.count_nonzero(x > 0)
