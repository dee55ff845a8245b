# truth: uses the default in_axes=0 for every argument, so vmap also maps w and hands each example the scalar w[i]; it raises (a ValueError on inconsistent mapped sizes when D != N, and a TypeError from grad on the non-scalar dot(w[i], x) when D == N) instead of sharing w with in_axes=None.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: mapped_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    return jax.vmap(jax.grad(loss))(w, xs, ys)
