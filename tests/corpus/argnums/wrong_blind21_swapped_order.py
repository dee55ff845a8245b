# truth: right positions but listed as argnums=(2, 1), so the tuple comes back in that order, (dloss/dx, dloss/dw), swapped relative to the required (dloss/dw, dloss/dx); the gradient values are right, only their order is wrong.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_order
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    # x is argument 2, w is argument 1
    grads = jax.grad(loss, argnums=(2, 1))(scale, w, x, y)
    return grads
