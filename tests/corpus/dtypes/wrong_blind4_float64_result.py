# truth: Computes the mean inside jax.enable_x64 and returns it as float64, so the value is right but the dtype is float64 instead of the float32 asked for.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dtype
import jax
import jax.numpy as jnp


def mean_count(counts):
    with jax.enable_x64(True):
        wide = jnp.asarray(counts).astype(jnp.int64)
        return jnp.sum(wide) / wide.shape[0]
