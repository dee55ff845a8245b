# cause: last_batch_skipped
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    sequential_w = w
    for i in range(len(x_batches) - 1):
        sequential_w = sequential_w - lr * jax.grad(loss)(sequential_w, x_batches[i], y_batches[i])
    total = 0.0
    for i in range(len(x_batches)):
        total = total + jax.grad(loss)(w, x_batches[i], y_batches[i])
    return sequential_w, w - lr * total
