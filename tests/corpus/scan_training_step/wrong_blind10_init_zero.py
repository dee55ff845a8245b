# truth: copies the running-average example and starts the scan's carry at 0.0 instead of at the given w, so any starting weight other than 0 is ignored.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: started_from_zero
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        new_w = w - lr * jax.grad(loss)(w, x, y)
        return new_w, None

    final_w, _ = lax.scan(step, 0.0, (x_batches, y_batches))
    return final_w
