# truth: Uses jnp.nonzero(size=N, fill_value=-1) as in the lesson and sums x[idx]; the padding index -1 reads the last entry x[-1], which is added once per non-positive entry, so the result is wrong whenever some entry is <= 0 and x[-1] != 0 (right when all entries are positive or none are).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: pads_read_the_last_entry
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x > 0
    (idx,) = jnp.nonzero(mask, size=x.shape[0], fill_value=-1)
    picked = x[idx]
    count = jnp.sum(mask)
    return jnp.where(count > 0, jnp.sum(picked) / jnp.maximum(count, 1), 0.0)
