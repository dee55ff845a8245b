# truth: composes the transformations the wrong way round (grad of the vmapped, summed loss), returning one (D,) gradient for the whole batch instead of an (N, D) array.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: summed_gradient
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    def batch_loss(w):
        return jnp.sum(jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))

    return jax.grad(batch_loss)(w)
