# truth: Lists the positions as argnums=(2, 1), assuming the tuple comes back in argument order regardless, so the result is (dloss/dx, dloss/dw) — the two gradients are swapped (first has x's shape, second has w's shape).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: swapped_order
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(2, 1))(scale, w, x, y)
