# truth: Recognising a stable softmax, it also divides exp(e - max) by its sum, so the first output is softmax(x*t + a) instead of the unnormalised exp(e - max) (and the jaxpr gets an extra reduce_sum and div).
# blind: eleventh batch, written from the lesson text only, labelled before the tutor ran
# cause: softmax_finished
import jax
import jax.numpy as jnp

A = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    # Rebuild the jaxpr: x is b, t is c, and the constant a is captured.
    e = x * t + A
    f = jnp.max(e)
    h = jax.nn.softmax(e)  # exp(e - max) / sum, the usual stable softmax
    return h, f
