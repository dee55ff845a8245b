# truth: divides the masked sum by the count without guarding count == 0, so an input with no positive entry gives nan instead of 0.0.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: empty_gives_nan
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    return jnp.sum(jnp.where(mask, x, 0.0)) / jnp.sum(mask)
