# truth: lr is left as a static argument (static_argnames="lr"), so the numbers are right but every new learning rate is a new compiled program (one compilation per distinct lr).
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: static_lr
import functools

import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(w, lr, x, y):
    # lr is a Python float, so keep it static to be safe
    g = jax.grad(loss)(w, x, y)
    return w - lr * g
