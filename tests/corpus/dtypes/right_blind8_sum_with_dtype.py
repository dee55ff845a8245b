# truth: right, because jnp.sum with dtype=jnp.float32 converts each count to float32 before adding, so nothing wraps, and dividing by a Python int (weakly typed) keeps the float32 dtype.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def mean_count(counts):
    total = jnp.sum(counts, dtype=jnp.float32)
    return total / counts.size
