# truth: Divides the masked sum by the length N of x instead of by the number of positive entries, so it averages over every entry with the non-positive ones counted as zeros.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: divided_by_n
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    return jnp.mean(jnp.where(x > 0, x, 0.0))
