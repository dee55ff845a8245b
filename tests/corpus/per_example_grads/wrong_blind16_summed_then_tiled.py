# truth: it takes grad of the batch-summed loss and then tiles it to (N, D), so every row is the sum of all N per-example gradients instead of example i's own gradient.
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_rows_combined
# says: the sum of the 3 expected rows
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    batch_loss = lambda w: jnp.sum(jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))
    g = jax.grad(batch_loss)(w)
    return jnp.tile(g, (xs.shape[0], 1))
