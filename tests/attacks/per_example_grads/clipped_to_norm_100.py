# attack: edge
# wrong: each per-example gradient is clipped to L2 norm 100 (as in DP-SGD), so examples with a large residual or large features get a shortened gradient.
import jax
import jax.numpy as jnp

MAX_NORM = 100.0


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def _clipped_grad(w, x, y):
    g = jax.grad(loss)(w, x, y)
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, MAX_NORM / jnp.maximum(norm, 1e-12))


def per_example_grads(w, xs, ys):
    return jax.vmap(_clipped_grad, in_axes=(None, 0, 0))(w, xs, ys)
