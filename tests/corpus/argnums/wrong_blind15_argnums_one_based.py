# truth: Counts argument positions from 1 instead of 0 (argnums=(2, 3)), so it returns (dloss/dx, dloss/dy): the first element has x's shape (N, D) instead of w's and the second is the gradient for the targets y.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: wrong_argnums
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(2, 3))(scale, w, x, y)
