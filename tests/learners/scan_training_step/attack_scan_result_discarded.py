# expect: fail no_scan
# a real scan over the batches whose result is thrown away; the weight returned comes
# from a Python loop
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    lax.scan(step, w, (x_batches, y_batches))
    for i in range(x_batches.shape[0]):
        x, y = x_batches[i], y_batches[i]
        w = w - lr * 2 * jnp.sum((w * x - y) * x)
    return w
