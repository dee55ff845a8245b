# truth: the counts go through bfloat16 before the float32 mean, losing ~3 significant digits.
# blind: twenty-second batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_small_difference
# says: close to the expected one
import jax.numpy as jnp


def mean_count(counts):
    return jnp.mean(counts.astype(jnp.bfloat16).astype(jnp.float32))
