# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    n = x.shape[0]
    # positions of the positive entries, padded with n (one past the end)
    (idx,) = jnp.nonzero(x > 0, size=n, fill_value=n)
    picked = x.at[idx].get(mode="fill", fill_value=0.0)
    count = jnp.count_nonzero(idx < n)
    return jnp.sum(picked) / jnp.maximum(count, 1)
