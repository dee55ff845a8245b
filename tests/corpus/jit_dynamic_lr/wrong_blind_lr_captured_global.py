# truth: the learning rate is read from a global set before the call instead of the lr argument, so under jit it is baked in as a constant and new lr values are ignored
# blind: third batch, labelled before the tutor was run on it
# cause: hard_coded_lr
# never: Delete the line that sets lr
import jax
import jax.numpy as jnp

LR = 0.1


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - LR * jax.grad(loss)(w, x, y)
