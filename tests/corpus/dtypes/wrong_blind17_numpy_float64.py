# truth: computes the mean in NumPy float64 (value is right) but returns a numpy float64 scalar instead of a float32 JAX scalar, so the dtype is float64, not float32
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dtype
# says: got dtype float64
import jax
import jax.numpy as jnp
import numpy as np


def mean_count(counts):
    return np.asarray(counts).astype(np.float64).mean()
