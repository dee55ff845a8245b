# truth: scans over axis 1 (the transposed arrays), so each step sees one example from every batch instead of one batch: wrong axis
# blind: third batch, labelled before the tutor was run on it
# cause: no_scan
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches.T, y_batches.T))
    return final_w
