# truth: maps xs over axis 1 instead of axis 0 (in_axes=(None, 1, 0)), pairing columns of xs with entries of ys
# blind: third batch, labelled before the tutor was run on it
# cause: vmap_sizes
# never: over their leading axis
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 1, 0))(w, xs, ys)
