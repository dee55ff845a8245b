# truth: uses the mean over the batch instead of the sum the task specifies, so every gradient is 1/B of the right one and the weight moves too slowly.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_instead_of_sum
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.mean((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
