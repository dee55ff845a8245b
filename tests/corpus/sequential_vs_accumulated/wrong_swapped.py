# cause: swapped_pair
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
    acc = w - lr * sum(grad(w, x, y) for x, y in zip(x_batches, y_batches))
    return acc, seq
