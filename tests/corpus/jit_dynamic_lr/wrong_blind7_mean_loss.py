# truth: differentiates the mean squared error instead of the summed one, so each step is N times too small.
# blind: seventh batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(loss)(w, x, y)
