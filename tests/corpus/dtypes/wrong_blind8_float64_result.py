# truth: turns on 64-bit mode and computes the mean in float64, so the value is right but the result's dtype is float64, not the float32 asked for.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_dtype
import jax
import jax.numpy as jnp


def mean_count(counts):
    with jax.enable_x64(True):
        return jnp.mean(jnp.asarray(counts, dtype=jnp.float64))
