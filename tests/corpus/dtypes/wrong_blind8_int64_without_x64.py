# truth: casts to jnp.int64 the NumPy way, but without jax_enable_x64 that is silently int32, so the sum still wraps.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: int32_sum_wraps
import jax
import jax.numpy as jnp


def mean_count(counts):
    wide = counts.astype(jnp.int64)  # 64-bit so the total fits
    return (jnp.sum(wide) / wide.shape[0]).astype(jnp.float32)
