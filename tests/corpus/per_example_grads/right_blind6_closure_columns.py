# truth: right, because it closes over w and vmaps a one-example gradient along axis 1 of xs.T (the examples) and axis 0 of ys, which gives the same (N, D) rows as vmap(grad(loss), in_axes=(None, 0, 0)).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    def grad_one(x, y):
        return jax.grad(lambda w_: loss(w_, x, y))(w)

    return jax.jit(jax.vmap(grad_one, in_axes=(1, 0)))(jnp.asarray(xs).T, ys)
