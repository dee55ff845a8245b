# truth: returns the stacked per-step weights (shape (N,)) from the scan's second output instead of only the final weight as a scalar.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: returned_history
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        new_w = w - lr * jax.grad(loss)(w, x, y)
        return new_w, new_w

    _, weights = lax.scan(step, w, (x_batches, y_batches))
    return weights
