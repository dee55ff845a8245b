# truth: gathers positions with jnp.nonzero(mask, size=N, fill_value=0) and averages x at all N of them, so the padding reads x[0] repeatedly: it returns (sum of positives + (N - count) * x[0]) / N, not the mean of the positives (and x[0] rather than 0.0 when none are positive).
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: none
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    (idx,) = jnp.nonzero(x > 0, size=x.shape[0], fill_value=0)
    return jnp.mean(x[idx])
