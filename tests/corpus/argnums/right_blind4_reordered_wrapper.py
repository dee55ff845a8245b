# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Put w and x first in a wrapper and differentiate its first two positions.
    grads = jax.grad(lambda w_, x_, s_, y_: loss(s_, w_, x_, y_), argnums=[0, 1])(w, x, scale, y)
    return tuple(grads)
