# truth: computes the mean inside jax.enable_x64 in 64 bits and returns it as is, so the value is right but the dtype is float64, not the float32 the task requires.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dtype
import jax
import jax.numpy as jnp


def mean_count(counts):
    # Do the whole thing in 64 bits so nothing can overflow or lose digits.
    with jax.enable_x64(True):
        big = counts.astype(jnp.int64)
        return jnp.sum(big) / big.shape[0]
