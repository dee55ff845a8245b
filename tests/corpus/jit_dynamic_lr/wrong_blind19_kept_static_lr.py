# truth: lr is left in static_argnames, so every new learning-rate value triggers a fresh trace and compile; the returned numbers are correct, but the checker sees one compilation per distinct lr instead of none after the first call.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(w, lr, x, y):
    # lr is a plain Python float, so it has to be static for jit to accept it.
    g = jax.grad(loss)(w, x, y)
    return w - lr * g
