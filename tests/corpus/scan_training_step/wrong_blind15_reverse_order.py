# truth: The scan is run with reverse=True, so the batches are taken from last to first instead of in order; the final weight is wrong whenever the batches differ (correct only for one batch or identical batches).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: reversed_order
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    w_final, _ = lax.scan(step, w, (x_batches, y_batches), reverse=True)
    return w_final
