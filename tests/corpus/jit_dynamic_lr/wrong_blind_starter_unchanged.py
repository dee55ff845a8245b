# truth: lr is left static (the starter's static_argnames="lr"), so every new learning rate recompiles the step
# blind: third batch, labelled before the tutor was run on it
# cause: static_lr
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)
