# truth: right, because jnp.mean(x, where=x > 0) averages only the positive entries at a fixed shape, and the nan it gives for an empty mask is replaced by 0.0 with jnp.where.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    m = jnp.mean(x, where=mask)
    return jnp.where(jnp.any(mask), m, 0.0)
