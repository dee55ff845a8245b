# truth: argnums=(2, 1) lists x before w, so the function returns (dloss/dx, dloss/dw) instead of (dloss/dw, dloss/dx); the tuple comes back in the listed order, swapped.
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_order
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    return jax.grad(loss, argnums=(2, 1))(scale, w, x, y)
