# expect: fail no_scan
# a lax.while_loop over an index i < N that reads x_batches[i]: a loop over the batches,
# but not a scan over them (the lesson asks for the batches as the scan's xs)
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def body(state):
        i, w = state
        x, y = x_batches[i], y_batches[i]
        return i + 1, w - lr * 2 * jnp.sum((w * x - y) * x)

    return lax.while_loop(lambda s: s[0] < x_batches.shape[0], body, (0, w))[1]
