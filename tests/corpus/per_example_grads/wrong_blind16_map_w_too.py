# truth: in_axes=(0, 0, 0) also maps w, so vmap raises a ValueError for inconsistent axis sizes when N != D, and when N == D each call gets the scalar w[i], the loss becomes a (D,) vector and jax.grad raises a TypeError for non-scalar output; no result is returned.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: mapped_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(0, 0, 0))(w, xs, ys)
