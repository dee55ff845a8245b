# truth: right, because loss_fn is built inside the jitted step with functools.partial binding this call's x and y as keywords, so it takes only w and jax.grad differentiates the summed squared error with respect to w on the batch passed in.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
from functools import partial

import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


def batch_loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def _train_step(w, x, y):
    loss_fn = partial(batch_loss, x=x, y=y)  # a function of w only
    _, g = jax.value_and_grad(loss_fn)(w)
    return w - LEARNING_RATE * g


train_step = jax.jit(_train_step)
