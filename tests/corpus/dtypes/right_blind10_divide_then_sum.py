# truth: right, because `/` on an int32 array already gives float32, so dividing each count by N before adding never does integer arithmetic and the sum of the shares is the mean in float32.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def mean_count(counts):
    # counts: int32, shape (N,), each up to about 2e9. Return the mean as float32.
    shares = counts / counts.shape[0]  # true division: float32, no int32 sum anywhere
    return jnp.sum(shares)
