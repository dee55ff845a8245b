# cause: sequential_at_fixed_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    acc = w - lr * jnp.sum(grads)
    return acc, acc
