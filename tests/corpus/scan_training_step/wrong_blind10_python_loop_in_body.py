# truth: the numbers are right, but the batches are walked by a Python for loop inside a one-step scan, so JAX unrolls one copy of the step per batch instead of scanning over the batches.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_scan
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, _):
        # One pass of the scan does the whole epoch, batch by batch.
        for i in range(x_batches.shape[0]):
            w = w - lr * jax.grad(loss)(w, x_batches[i], y_batches[i])
        return w, None

    final_w, _ = lax.scan(step, w, None, length=1)
    return final_w
