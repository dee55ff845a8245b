# truth: Counts only the positive entries but sums all of x (the mask is not applied to the sum), so negative entries are pulled into the mean.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: its condition not applied
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    count = jnp.sum(x > 0)
    return jnp.where(count > 0, jnp.sum(x) / jnp.maximum(count, 1), 0.0)
