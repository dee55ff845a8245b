# truth: argnums counted from 1 instead of 0 (w taken as position 2, x as 3), so it uses argnums=(2, 3) and returns (dloss/dx, dloss/dy) instead of (dloss/dw, dloss/dx); both entries are wrong on every input (the first has x's shape, the second y's shape).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: wrong_argnums
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    # w is the 2nd argument and x the 3rd
    return jax.grad(loss, argnums=(2, 3))(scale, w, x, y)
