# expect: fail no_scan
# a scan only at the shape of the case the tutor used to trace; a Python loop otherwise
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    if x_batches.shape == (3, 2):
        return lax.scan(step, w, (x_batches, y_batches))[0]
    for i in range(x_batches.shape[0]):
        w, _ = step(w, (x_batches[i], y_batches[i]))
    return w
