# truth: counts argument positions from 1 instead of 0, so argnums=(2, 3) returns the gradients for x and y instead of w and x.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: wrong_argnums
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # w is the 2nd argument and x the 3rd
    return jax.grad(loss, argnums=(2, 3))(scale, w, x, y)
