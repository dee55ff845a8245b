# truth: differentiates with argnums=1, i.e. with respect to the input x instead of w, so row i is 2*(w.x_i - y_i)*w rather than 2*(w.x_i - y_i)*x_i (same shape, wrong numbers).
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    # grad of each example's loss, mapped over the examples
    per_example_grad = jax.grad(loss, argnums=1)
    return jax.vmap(per_example_grad, in_axes=(None, 0, 0))(w, xs, ys)
