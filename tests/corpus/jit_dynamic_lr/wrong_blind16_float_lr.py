# truth: float(lr) is called on the traced lr inside the jitted function, so the first call raises a ConcretizationTypeError and no step is computed.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: concrete_lr
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    step_size = float(lr)
    g = jax.grad(loss)(w, x, y)
    return w - step_size * g
