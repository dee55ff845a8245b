# truth: uses jax.value_and_grad instead of jax.grad, so it returns (loss_value, (dloss/dw, dloss/dx)): element 0 is the scalar loss and element 1 is the gradient pair, not (dw, dx).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_and_grad_pair
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    return jax.value_and_grad(loss, argnums=(1, 2))(scale, w, x, y)
