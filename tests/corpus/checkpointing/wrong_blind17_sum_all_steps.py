# truth: the scan also emits every h as an output and the loss is the sum of squares of all T hidden states, sum_t sum(h_t ** 2), instead of only the final h; for the lesson example it gives tanh(1)^2 + 0.3634^2 = 0.7121 instead of 0.1321
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_of_every_step
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        # From h = 0, run cell over the rows of xs with lax.scan, its step
        # checkpointed, and return the sum of the final h squared.
        def step(h, x):
            h = cell(w, h, x)
            return h, h

        h0 = jnp.zeros(xs.shape[1], dtype=xs.dtype)
        _, hs = lax.scan(jax.checkpoint(step), h0, xs)
        return jnp.sum(hs ** 2)

    return jax.value_and_grad(loss)(w)
