# truth: differentiates with respect to x (argnums=1) instead of w, so the "gradient" has the batch's shape and the carry turns from a scalar into a vector
# blind: third batch, labelled before the tutor was run on it
# true: carry_mismatch
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jax.grad(loss, argnums=1)(w, x, y)
        return w - lr * g, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
