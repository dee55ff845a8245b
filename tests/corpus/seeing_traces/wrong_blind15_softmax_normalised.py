# truth: Recognises the max-subtract-exp pattern as a stable softmax and divides by the sum of the exponentials, which the jaxpr never does; the first output is normalised to sum to 1 instead of being exp(e - max(e)), and the jaxpr gains reduce_sum/div equations.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: softmax_finished
import jax
import jax.numpy as jnp

a = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + a
    f = jnp.max(e)
    h = jnp.exp(e - f)
    return h / jnp.sum(h), f
