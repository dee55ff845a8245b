# truth: Does not guard the case with no positive entries, so the mean is 0 / 0 = nan there instead of 0.0.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: empty_gives_nan
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    return jnp.sum(jnp.where(mask, x, 0.0)) / jnp.sum(mask)
