# truth: Uses jnp.mean instead of jnp.sum in the loss, so the gradient (and thus the step) is divided by the batch size N; the update is N times too small (only correct when N == 1).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.mean((w * x - y) ** 2)

    g = jax.grad(loss_fn)(w)
    return w - LEARNING_RATE * g
