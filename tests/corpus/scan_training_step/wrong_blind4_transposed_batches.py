# truth: Scans over the transposed arrays (x_batches.T, y_batches.T), i.e. along the wrong axis, so each step sees one example position across all batches instead of one batch.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_scan
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    # one column per step
    final_w, _ = lax.scan(step, w, (x_batches.T, y_batches.T))
    return final_w
