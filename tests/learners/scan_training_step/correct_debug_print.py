# expect: pass
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        jax.debug.print("step weight {w}", w=w)
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
