# truth: returns the stacked per-step weights (the history, shape (N,)) instead of the final carry
# blind: third batch, labelled before the tutor was run on it
# cause: returned_history
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        new_w = w - lr * jax.grad(loss)(w, x, y)
        return new_w, new_w

    _, history = lax.scan(step, w, (x_batches, y_batches))
    return history
