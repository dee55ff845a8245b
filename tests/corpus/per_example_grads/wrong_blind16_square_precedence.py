# truth: the rewritten loss jnp.dot(w, x) - y ** 2 squares only y because of operator precedence, so its gradient in w is just x and row i is xs[i] instead of 2*(w·xs[i] - ys[i])*xs[i].
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_no_step
# says: without a power
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return jnp.dot(w, x) - y ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
