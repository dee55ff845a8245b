# truth: the step emits every h as the scan's output and the loss sums h ** 2 over all T steps, instead of only over the final h.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_of_every_step
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        @jax.checkpoint
        def step(h, x):
            h = cell(w, h, x)
            return h, h

        _, hs = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(hs ** 2)

    return jax.value_and_grad(loss)(w)
