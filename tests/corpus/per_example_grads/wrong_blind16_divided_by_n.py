# truth: it divides the per-example gradients by the batch size N as if the loss were a batch mean, so every row is 1/N times the correct gradient of (dot(w, xs[i]) - ys[i]) ** 2.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    n = xs.shape[0]
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    return grads / n
