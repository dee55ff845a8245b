# truth: argnums=(2, 1) lists the positions in the wrong order, so the tuple is (dloss/dx, dloss/dw)
# blind: third batch, labelled before the tutor was run on it
# cause: swapped_order
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(2, 1))(scale, w, x, y)
