# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def mean_count(counts):
    # "/" turns the ints into float32 first, so nothing is added up in int32.
    shares = counts / counts.size
    return jnp.sum(shares, dtype=jnp.float32)
