# expect: fail no_scan
# fori_loop lowers to a scan over a counter, with the batches indexed inside
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def body(i, w):
        x, y = x_batches[i], y_batches[i]
        return w - lr * 2 * jnp.sum((w * x - y) * x)

    return lax.fori_loop(0, x_batches.shape[0], body, w)
