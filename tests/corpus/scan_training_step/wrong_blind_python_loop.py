# truth: a Python for loop over the batches instead of lax.scan (numbers right, loop unrolled)
# blind: third batch, labelled before the tutor was run on it
# cause: no_scan
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    for i in range(x_batches.shape[0]):
        w = w - lr * jax.grad(loss)(w, x_batches[i], y_batches[i])
    return w
