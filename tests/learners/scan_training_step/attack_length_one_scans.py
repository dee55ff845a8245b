# expect: fail no_scan
# a Python loop of scans of length one: one scan per batch, unrolled by the trace
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    for i in range(x_batches.shape[0]):
        w, _ = lax.scan(step, w, (x_batches[i:i + 1], y_batches[i:i + 1]))
    return w
