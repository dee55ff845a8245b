# truth: lax.fori_loop over an index reading x_batches[i] instead of a scan over the batches (numbers right)
# blind: third batch, labelled before the tutor was run on it
# cause: no_scan
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def body(i, w):
        return w - lr * jax.grad(loss)(w, x_batches[i], y_batches[i])

    return lax.fori_loop(0, x_batches.shape[0], body, w)
