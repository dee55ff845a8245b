# truth: Casts the counts to float16, whose largest value is about 65504, so every count of this size becomes inf (and the result is float16, not float32).
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: float16_overflow
import jax
import jax.numpy as jnp


def mean_count(counts):
    return jnp.mean(counts.astype(jnp.float16))
