# truth: casts to float16 before averaging; float16 tops out at 65504, so counts near 2e9 become inf and the result is an inf float16 scalar (wrong value and dtype float16, not float32)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: float16_overflow
import jax
import jax.numpy as jnp


def mean_count(counts):
    return jnp.mean(counts.astype(jnp.float16))
