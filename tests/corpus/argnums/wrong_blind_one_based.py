# truth: counts argument positions from 1 instead of 0: argnums=(2, 3) gives (dloss/dx, dloss/dy) instead of (dloss/dw, dloss/dx)
# blind: third batch, labelled before the tutor was run on it
# cause: wrong_argnums
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(2, 3))(scale, w, x, y)
