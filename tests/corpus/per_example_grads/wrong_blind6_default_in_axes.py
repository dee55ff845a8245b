# truth: leaves in_axes at its default, so vmap also maps w and hands each example a single number w[i] instead of the whole weight vector; the loss is then no longer a scalar (or the sizes clash), so it raises.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: mapped_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    return jax.vmap(jax.grad(loss))(w, xs, ys)
