# truth: The loss inside the step uses jnp.mean over the batch instead of the jnp.sum the task specifies, so every gradient is divided by B; the weight moves B times too slowly (e.g. 0.36 instead of 0.64 on the lesson's example), and only batches of one example come out right.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_instead_of_sum
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final
