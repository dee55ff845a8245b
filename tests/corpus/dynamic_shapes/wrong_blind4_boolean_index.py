# truth: Filters with x[x > 0] inside the jitted function, whose shape depends on the values, so it raises NonConcreteBooleanIndexError.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: boolean_filter
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    positives = x[x > 0]
    return jnp.where(positives.size > 0, jnp.mean(positives), 0.0)
