# truth: gives every example its own copy of w (an (N, D) stack) and takes grad of the summed loss with respect to that stack; loss i depends only on copy i, so row i of the gradient is exactly d loss_i / d w at w.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    w_copies = jnp.broadcast_to(w, xs.shape)  # row i is example i's own copy of w

    def total_loss(ws):
        return jnp.sum(jax.vmap(loss)(ws, xs, ys))

    return jax.grad(total_loss)(w_copies)
