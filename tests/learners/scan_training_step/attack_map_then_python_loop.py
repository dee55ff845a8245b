# expect: fail no_scan
# lax.map over the batches (a loop with nothing carried) makes a copy of them, and a
# Python loop beside it takes the steps on the copy
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    xs, ys = lax.map(lambda batch: (batch[0] * 1.0, batch[1] * 1.0), (x_batches, y_batches))
    for i in range(xs.shape[0]):
        w = w - lr * 2 * jnp.sum((w * xs[i] - ys[i]) * xs[i])
    return w
