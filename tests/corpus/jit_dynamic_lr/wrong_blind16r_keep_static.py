# truth: Leaves lr as a static argument, so values are correct but every new learning rate triggers a fresh trace and compilation, failing the no-recompilation requirement.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)



@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(w, lr, x, y):
    g = jax.grad(loss)(w, x, y)
    return w - lr * g
