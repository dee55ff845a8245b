# truth: x_batches and y_batches are passed to lax.scan as two separate positional arguments instead of one (x, y) tuple of xs, so y_batches lands in scan's `length` parameter and the call raises a TypeError (an array cannot be converted to the integer length) instead of returning a weight.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: scan_xs_apart
# says: `y_batches` was read as a number
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    w_final, _ = lax.scan(step, w, x_batches, y_batches)
    return w_final
