# truth: off-by-one in the sequential Python loop: range(1, N) skips batch 0
# blind: third batch, labelled before the tutor was run on it
# cause: probe_some_entries
# says: the first of the rows it scans left out
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    n = x_batches.shape[0]
    sequential_w = w
    for i in range(1, n):
        sequential_w = sequential_w - lr * jax.grad(loss)(sequential_w, x_batches[i], y_batches[i])
    total = 0.0
    for i in range(n):
        total = total + jax.grad(loss)(w, x_batches[i], y_batches[i])
    accumulated_w = w - lr * total
    return sequential_w, accumulated_w
