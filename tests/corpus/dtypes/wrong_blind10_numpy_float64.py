# truth: a NumPy habit: does the mean in NumPy float64, so the value is right but it comes back as float64, not the float32 the task asks for.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dtype
import jax
import jax.numpy as jnp
import numpy as np


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    # NumPy's float64 has plenty of room for a sum of billions.
    return np.asarray(counts, dtype=np.float64).mean()
