# cause: per_example_loss
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    losses = (w * x - y) ** 2
    return jax.grad(lambda w: (w * x - y) ** 2)(w)
