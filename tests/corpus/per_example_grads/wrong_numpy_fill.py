# cause: in_place_assignment
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    out = jnp.zeros_like(xs)
    for i in range(xs.shape[0]):
        out[i] = jax.grad(loss)(w, xs[i], ys[i])
    return out
