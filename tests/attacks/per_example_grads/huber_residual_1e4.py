# attack: edge
# wrong: each example's loss is a Huber loss with delta 1e4 (robust to outliers): past a residual of 1e4 its gradient stops growing, where the squared error's keeps growing with the residual.
import jax
import jax.numpy as jnp

DELTA = 1e4


def loss(w, x, y):
    r = jnp.dot(w, x) - y
    return jnp.where(jnp.abs(r) <= DELTA, r**2, 2 * DELTA * jnp.abs(r) - DELTA**2)


def per_example_grads(w, xs, ys):
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
