# truth: uses argnums=1, thinking it selects the batched argument, so it returns each example's gradient with respect to x (2*(w.x - y)*w) instead of w (2*(w.x - y)*x).
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    # xs is the argument that changes per example -> argnums=1
    return jax.vmap(jax.grad(loss, argnums=1), in_axes=(None, 0, 0))(w, xs, ys)
