# truth: out_axes=1 stacks the per-example gradients along axis 1, giving the transposed (D, N) array
# blind: third batch, labelled before the tutor was run on it
# cause: probe_transposed
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0), out_axes=1)(w, xs, ys)
