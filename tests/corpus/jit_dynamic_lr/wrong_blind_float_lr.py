# truth: calls float(lr) on the traced learning rate inside the jitted function, which raises a ConcretizationTypeError
# blind: third batch, labelled before the tutor was run on it
# cause: concrete_lr
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    lr = float(lr)
    return w - lr * jax.grad(loss)(w, x, y)
