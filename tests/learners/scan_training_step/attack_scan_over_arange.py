# expect: fail no_scan
# a scan over jnp.arange(N) whose body reads x_batches[i]: the scan's xs are the step
# numbers, and the batches are indexed by hand
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, i):
        x, y = x_batches[i], y_batches[i]
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    final_w, _ = lax.scan(step, w, jnp.arange(x_batches.shape[0]))
    return final_w
