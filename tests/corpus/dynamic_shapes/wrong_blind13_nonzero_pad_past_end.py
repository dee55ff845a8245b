# truth: pads jnp.nonzero with the out-of-bounds index N expecting it to read nothing, but JAX reads clamp so each pad reads x[N-1]; the sum gains (N - count) copies of the last entry and the result is off unless that entry is 0.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: pads_read_the_last_entry
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    n = x.shape[0]
    mask = x > 0
    (idx,) = jnp.nonzero(mask, size=n, fill_value=n)  # pads point past the end
    count = jnp.sum(mask)
    total = jnp.sum(x[idx])
    return jnp.where(count > 0, total / jnp.maximum(count, 1), 0.0)
