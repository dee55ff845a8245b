# truth: right, because true division by N turns each int32 count into a float32 share before anything is added, so the sum of shares is the float32 mean and no int32 total is ever formed.
# blind: fourteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def mean_count(counts):
    n = counts.shape[0]
    shares = counts / n  # '/' on an int32 array gives float32
    return jnp.sum(shares)
