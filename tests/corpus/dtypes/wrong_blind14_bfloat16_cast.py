# truth: casts the counts to bfloat16 (wide range but only 8 bits of mantissa) before averaging, so every count is rounded to about 3 significant digits and the float32 mean is off by up to ~0.4%.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: bfloat16_rounding
import jax
import jax.numpy as jnp


def mean_count(counts):
    # float16 overflows past 65504, bfloat16 has float32's range, so use that.
    small = counts.astype(jnp.bfloat16)
    return jnp.mean(small).astype(jnp.float32)
