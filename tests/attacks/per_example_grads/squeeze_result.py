# attack: size
# wrong: the (N, D) result is squeezed, so with D == 1 (or N == 1) a dimension of size 1 disappears and the shape is wrong.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys).squeeze()
