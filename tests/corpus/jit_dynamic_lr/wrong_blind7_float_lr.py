# truth: forces the traced learning rate to a Python number with float(lr), which raises a ConcretizationTypeError under jit.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: concrete_lr
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    lr = float(lr)  # make sure the step size is a plain float
    return w - lr * jax.grad(loss)(w, x, y)
