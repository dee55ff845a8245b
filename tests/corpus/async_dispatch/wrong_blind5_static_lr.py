# truth: marks the learning rate as a static argument because "it is a Python float", so every new lr value is a new cache key and train compiles again.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@partial(jax.jit, static_argnames="lr")
def train(w, xs, ys, lr):
    def body(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(loss)(w, x, y)
        return w - lr * g, value

    w, losses = lax.scan(body, w, (xs, ys))
    return w, losses
