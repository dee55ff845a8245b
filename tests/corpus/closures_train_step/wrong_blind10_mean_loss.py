# truth: uses the mean of the squared errors instead of the sum the task asks for, so the gradient (and the step) is 1/N of the right one.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.mean((w * x - y) ** 2)

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)
