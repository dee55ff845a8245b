# truth: Computes the gradient of the summed batch loss once and broadcasts it to every row, so each row is the total gradient sum_j g_j rather than example i's own gradient g_i; the shape (N, D) is right but rows only match when N == 1.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_rows_combined
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # Batch the loss with vmap, then differentiate the summed loss.
    batch_loss = lambda w: jnp.sum(jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))
    g = jax.grad(batch_loss)(w)
    # One gradient per example, shape (N, D).
    return jnp.broadcast_to(g, (xs.shape[0],) + g.shape)
