# truth: lists the positions as (2, 1), so the tuple comes back in that order, (dloss/dx, dloss/dw), instead of (dloss/dw, dloss/dx).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_order
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(2, 1))(scale, w, x, y)
