# truth: float(lr) forces the traced learning rate to a Python number inside jit, which raises ConcretizationTypeError on the first call.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: concrete_lr
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    lr = float(lr)  # make sure the schedule value is a plain float
    g = jax.grad(loss)(w, x, y)
    return w - lr * g
