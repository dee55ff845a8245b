# truth: divides the per-example gradients by N as if they were terms of a mean loss, so every row is N times too small.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    n = xs.shape[0]
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    # normalise so the rows add up to the gradient of the mean loss
    return grads / n
