# expect: pass
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        gradient = 2 * jnp.sum((w * x - y) * x)
        return w - lr * gradient, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
