# truth: scans the batches in reverse order (reverse=True), last batch first
# blind: third batch, labelled before the tutor was run on it
# cause: reversed_order
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches), reverse=True)
    return final_w
