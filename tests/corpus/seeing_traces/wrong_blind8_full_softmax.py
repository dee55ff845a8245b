# truth: recognises a softmax and "finishes" it by dividing by the sum, adding equations the jaxpr does not have, so h is normalised instead of just exp(e - max).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: softmax_finished
import jax
import jax.numpy as jnp

shift = jnp.array([0.5, -1.0, 2.0])


def mystery(x, t):
    e = x * t + shift
    f = jnp.max(e)
    h = jnp.exp(e - f)
    h = h / jnp.sum(h)
    return h, f
