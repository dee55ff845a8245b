# truth: Takes the mean with NumPy in float64 (a NumPy habit), so the value is right even for huge totals but the result is a NumPy float64 scalar, not a float32 one; it fails wherever the dtype is checked.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dtype
import jax
import jax.numpy as jnp
import numpy as np


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    # go through float64 so the big total cannot overflow
    return np.asarray(counts, dtype=np.float64).mean()
