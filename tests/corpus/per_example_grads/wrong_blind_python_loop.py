# truth: a Python loop over the examples stacked with jnp.stack instead of jax.vmap (numbers right)
# blind: third batch, labelled before the tutor was run on it
# cause: python_loop
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jnp.stack([jax.grad(loss)(w, xs[i], ys[i]) for i in range(xs.shape[0])])
