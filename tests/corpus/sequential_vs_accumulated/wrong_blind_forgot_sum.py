# truth: forgot to sum the per-batch gradients, so accumulated_w is an array of N weights (one step per batch from w) instead of one number
# blind: third batch, labelled before the tutor was run on it
# true: probe_shape
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(current, batch):
        x, y = batch
        return current - lr * jax.grad(loss)(current, x, y), None

    sequential_w, _ = lax.scan(step, w, (x_batches, y_batches))
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * grads
    return sequential_w, accumulated_w
