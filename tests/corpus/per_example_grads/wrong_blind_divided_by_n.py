# truth: divides every per-example gradient by N (thinking of a mean loss), so rows are 1/N of the right gradients
# blind: third batch, labelled before the tutor was run on it
# cause: probe_divided_by_size
# never: entries are combined
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    n = xs.shape[0]
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys) / n
