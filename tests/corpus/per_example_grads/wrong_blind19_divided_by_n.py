# truth: The per-example gradients are divided by N (the learner treats the batch loss as a mean), so every row is 1/N of the correct gradient; it is right only for a batch of one example.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    n = xs.shape[0]
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    # Each example's share of the (mean) batch gradient.
    return grads / n
