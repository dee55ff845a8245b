# truth: casts to float16 before averaging; float16 tops out at 65504, so counts in the billions become inf and the mean is inf (and the result is float16, not float32).
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: float16_overflow
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    # Cast to a float *before* adding, so nothing wraps; half precision is plenty for a mean.
    return jnp.mean(counts.astype(jnp.float16))
