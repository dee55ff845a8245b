# truth: returns every step's h as the scan output and sums h ** 2 over ALL steps, so the loss (and its gradient) is the sum over the whole trajectory instead of the final h only.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_of_every_step
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)



def deep_grad(w, xs):
    def loss(w):
        @jax.checkpoint
        def body(h, x):
            h = cell(w, h, x)
            return h, h

        _, hs = lax.scan(body, jnp.zeros(xs.shape[1]), xs)
        return jnp.sum(hs ** 2)

    return jax.value_and_grad(loss)(w)
