# cause: probe_some_entries
# says: Entry 0 of your tuple is right
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grad = jax.grad(loss)
    seq = w
    for x, y in zip(x_batches, y_batches):
        seq = seq - lr * grad(seq, x, y)
    total = sum(grad(w, x, y) for x, y in zip(x_batches, y_batches))
    return seq, w - total
