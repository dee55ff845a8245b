# truth: The scan body returns only the new weight instead of the pair (new_w, None), so lax.scan raises an error.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: scan_not_a_pair
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
