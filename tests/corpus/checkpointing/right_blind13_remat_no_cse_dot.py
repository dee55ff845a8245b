# truth: the step is jax.remat (the same as jax.checkpoint) applied through functools.partial with prevent_cse=False, valid inside a scan, and jnp.dot(h, h) is the sum of h squared, so the values, the gradient and the one-carry-per-step memory all match the task.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        @partial(jax.remat, prevent_cse=False)
        def advance(carry, row):
            return cell(w, carry, row), None

        start = jnp.zeros_like(xs[0])
        last, _ = lax.scan(advance, start, xs)
        return jnp.dot(last, last)

    return jax.value_and_grad(loss)(w)
