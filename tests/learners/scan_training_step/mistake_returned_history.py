# expect: fail returned_history
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        new_w = w - lr * 2 * jnp.sum((w * x - y) * x)
        return new_w, new_w

    _, history = lax.scan(step, w, (x_batches, y_batches))
    return history
