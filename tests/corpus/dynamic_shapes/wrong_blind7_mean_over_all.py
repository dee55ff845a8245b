# truth: zeroes the non-positive entries and then takes jnp.mean, which divides by N instead of by the number of positive entries.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: divided_by_n
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    return jnp.mean(jnp.where(x > 0, x, 0.0))
