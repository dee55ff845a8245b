# truth: the loss is the mean of the squared errors instead of the sum, so the gradient is divided by N
# blind: third batch, labelled before the tutor was run on it
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)
