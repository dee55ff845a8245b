# truth: scans over jnp.arange(N) and indexes x_batches[i] inside the body, so the batches are not the scan's xs (numbers are right but it is the index loop the lesson rules out).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: no_scan
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, i):
        x = x_batches[i]
        y = y_batches[i]
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    n = x_batches.shape[0]
    w_final, _ = lax.scan(step, w, jnp.arange(n))
    return w_final
