# truth: uses the mean over the batch instead of the sum the task asks for, so every gradient is divided by the batch size B (only right when B == 1).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_instead_of_sum
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.mean((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final
