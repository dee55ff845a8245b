# truth: jax.grad(loss, argnums=1) differentiates with respect to x instead of w, so row i is 2*(w·xs[i] - ys[i])*w rather than 2*(w·xs[i] - ys[i])*xs[i] (right (N, D) shape, wrong values).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    grad_fn = jax.grad(loss, argnums=1)
    return jax.vmap(grad_fn, in_axes=(None, 0, 0))(w, xs, ys)
