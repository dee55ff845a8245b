# truth: grad of the summed batch loss, which returns one (D,) gradient for the whole batch instead of one row per example
# blind: third batch, labelled before the tutor was run on it
# cause: summed_gradient
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    def batch_loss(w):
        return jnp.sum(jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))

    return jax.grad(batch_loss)(w)
