# truth: jnp.mean(x, where=x > 0) is the right mean when some entry is positive, but with no positive entry it computes 0/0 and returns nan instead of 0.0.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: empty_gives_nan
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    return jnp.mean(x, where=x > 0)
