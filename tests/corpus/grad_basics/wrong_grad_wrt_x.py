# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(loss, argnums=1)(w, x, y)
