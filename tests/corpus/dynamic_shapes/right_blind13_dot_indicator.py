# truth: a 0/1 float indicator dotted with x gives the sum of the positive entries, and dividing by max(count, 1) gives their mean, or 0/1 = 0.0 when there is none, all with shapes fixed by N.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    w = (x > 0).astype(x.dtype)
    return jnp.dot(w, x) / jnp.maximum(w.sum(), 1.0)
