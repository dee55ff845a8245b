# truth: uses the mean of the squared errors over the batch instead of the sum, so every gradient is divided by B
# blind: third batch, labelled before the tutor was run on it
# cause: mean_instead_of_sum
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
