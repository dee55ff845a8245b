# truth: the jnp.where branches are swapped (where(mask, 0.0, x)), so the numerator is the sum of the entries <= 0 while the denominator is still the count of positives: returns sum(non-positive entries) / max(count of positives, 1).
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: none
import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    # The mean of the entries > 0 (0.0 if none), without x[x > 0].
    mask = x > 0
    count = jnp.sum(mask)
    total = jnp.sum(jnp.where(mask, 0.0, x))
    return total / jnp.maximum(count, 1)
