# expect: fail no_scan
# the right numbers from a Python loop: unrolled when traced, not a scan
import jax.numpy as jnp


def scan_training_step(w, lr, x_batches, y_batches):
    for x, y in zip(x_batches, y_batches):
        w = w - lr * 2 * jnp.sum((w * x - y) * x)
    return w
