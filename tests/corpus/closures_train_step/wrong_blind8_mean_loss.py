# truth: uses the mean squared error (PyTorch MSELoss habit) instead of the sum, so the gradient is N times too small; it only agrees with the task when the batch has one element.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.mean((w * x - y) ** 2)

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)
