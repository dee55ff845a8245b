# cause: mean_not_sum
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((w * x - y) ** 2)


def loss_grad(w, x, y):
    return jax.grad(loss)(w, x, y)
