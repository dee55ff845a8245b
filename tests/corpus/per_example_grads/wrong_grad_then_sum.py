# cause: summed_gradient
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys).sum(axis=0)
