# truth: in_axes=(0, 0, 0) maps w as well, pairing example i with entry i of w, instead of sharing w (in_axes None for w)
# blind: third batch, labelled before the tutor was run on it
# cause: mapped_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(0, 0, 0))(w, xs, ys)
