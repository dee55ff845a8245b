# truth: the loss is written as jnp.mean (PyTorch MSELoss habit) instead of jnp.sum, so the gradient and hence the step are divided by N.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    g = jax.grad(loss)(w, x, y)
    return w - lr * g
