# truth: Uses jax.grad(loss, argnums=1), differentiating with respect to the example x instead of w, so row i is 2*(dot(w,x_i) - y_i)*w rather than 2*(dot(w,x_i) - y_i)*x_i; the shape is (N, D) and it only agrees on rows where x_i equals w (or the residual is zero).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # Per-example: differentiate with respect to the example itself.
    per_example_grad = jax.grad(loss, argnums=1)
    return jax.vmap(per_example_grad, in_axes=(None, 0, 0))(w, xs, ys)
