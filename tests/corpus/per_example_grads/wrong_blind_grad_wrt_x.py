# truth: differentiates with respect to x (argnums=1) instead of w; the shape (N, D) is the same, the values are 2*(w.x - y)*w instead of 2*(w.x - y)*x
# blind: third batch, labelled before the tutor was run on it
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss, argnums=1), in_axes=(None, 0, 0))(w, xs, ys)
