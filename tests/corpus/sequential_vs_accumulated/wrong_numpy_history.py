# cause: in_place_assignment
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grads = jnp.zeros(x_batches.shape[0])
    w_seq = w
    for i in range(x_batches.shape[0]):
        grads[i] = jax.grad(loss)(w, x_batches[i], y_batches[i])
        w_seq = w_seq - lr * jax.grad(loss)(w_seq, x_batches[i], y_batches[i])
    return w_seq, w - lr * grads.sum()
