# cause: none
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grad = jax.grad(loss)
    seq, total = w, 0.0
    for i in range(1, len(x_batches)):
        seq = seq - lr * grad(seq, x_batches[i], y_batches[i])
        total = total + grad(w, x_batches[i], y_batches[i])
    return seq, w - lr * total
