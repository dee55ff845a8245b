# truth: gathers positions with jnp.nonzero(size=N, fill_value=0), so the padding reads x[0] again and again and, when x[0] > 0, adds it to the sum many extra times.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: nonzero_filled_with_0
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    count = jnp.sum(mask)
    (idx,) = jnp.nonzero(mask, size=x.shape[0], fill_value=0)
    total = jnp.sum(x[idx])
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
