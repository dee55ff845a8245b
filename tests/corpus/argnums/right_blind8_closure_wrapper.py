# truth: right, because it wraps the loss in a function of (w, x) only, with scale and y closed over, and takes argnums=(0, 1) of that in one jax.grad call, which gives the same (dw, dx).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    def loss_of_w_x(w_, x_):
        return loss(scale, w_, x_, y)

    dw, dx = jax.grad(loss_of_w_x, argnums=(0, 1))(w, x)
    return (dw, dx)
