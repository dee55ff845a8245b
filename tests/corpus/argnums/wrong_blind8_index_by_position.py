# truth: indexes the returned tuple by argument position (grads[1], grads[2]) instead of by its place in argnums (grads[0], grads[1]), so it fails with an IndexError.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: tuple_index
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    grads = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
    dw = grads[1]  # gradient for argument 1 (w)
    dx = grads[2]  # gradient for argument 2 (x)
    return dw, dx
