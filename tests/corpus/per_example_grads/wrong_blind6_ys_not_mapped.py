# truth: gives in_axes only for w and xs and marks ys as shared (None), so each call sees all N targets, the loss is not a scalar and jax.grad raises TypeError.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: examples_shared_under_vmap
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    # w is shared, the examples are batched along axis 0
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, None))(w, xs, ys)
