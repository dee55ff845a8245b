# truth: the Python loop overwrites w, so the accumulated gradients are taken at the final sequential weight instead of the starting w.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: accumulated_from_the_final_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grad_fn = jax.grad(loss)
    for x, y in zip(x_batches, y_batches):
        w = w - lr * grad_fn(w, x, y)
    sequential_w = w

    total = 0.0
    for x, y in zip(x_batches, y_batches):
        total = total + grad_fn(w, x, y)
    accumulated_w = w - lr * total
    return sequential_w, accumulated_w
