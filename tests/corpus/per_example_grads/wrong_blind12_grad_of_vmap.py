# truth: composes the transformations in the wrong order, grad(vmap(loss)), so grad is asked to differentiate a function returning an (N,) vector of losses and raises a TypeError (grad needs a scalar output).
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_of_vmapped
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    batched_loss = jax.vmap(loss, in_axes=(None, 0, 0))
    return jax.grad(batched_loss)(w, xs, ys)
