# truth: counts argument positions from 1 (w=2, x=3), so argnums=(2, 3) returns (dloss/dx, dloss/dy) instead of (dloss/dw, dloss/dx).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: wrong_argnums
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    # w is the 2nd argument and x the 3rd
    return jax.grad(loss, argnums=(2, 3))(scale, w, x, y)
