# expect: fail no_scan
# lax.map over the batches (a scan with no carry) beside a Python loop doing the update
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    sums = lax.map(lambda batch: jnp.sum(batch[0] * batch[1]), (x_batches, y_batches))
    for i in range(x_batches.shape[0]):
        x, y = x_batches[i], y_batches[i]
        w = w - lr * 2 * jnp.sum((w * x - y) * x)
    return w + 0.0 * jnp.sum(sums)
