# truth: Divides by count + 1 to avoid dividing by zero, so every mean is too small (sum over n+1 instead of n).
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with a divisor one larger
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    mask = x > 0
    return jnp.sum(jnp.where(mask, x, 0.0)) / (jnp.sum(mask) + 1)
