# cause: probe_step_divided_by_size
# says: divided by N
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grad = jax.grad(loss)
    seq = w
    for x, y in zip(x_batches, y_batches):
        seq = seq - lr * grad(seq, x, y)
    grads = jnp.stack([grad(w, x, y) for x, y in zip(x_batches, y_batches)])
    return seq, w - lr * grads.mean()
