# attack: tolerance
# wrong: each example's loss adds 1e-6 * dot(w, w), so every gradient row is off by 2e-6 * w.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2 + 1e-6 * jnp.dot(w, w)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
