# truth: the accumulated gradients are summed along the sequential path (each taken at the moving weight) instead of all at the starting w
# blind: third batch, labelled before the tutor was run on it
# cause: accumulated_moves_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(carry, batch):
        current, total_grad = carry
        x, y = batch
        g = jax.grad(loss)(current, x, y)
        return (current - lr * g, total_grad + g), None

    (sequential_w, total_grad), _ = lax.scan(step, (w, 0.0), (x_batches, y_batches))
    accumulated_w = w - lr * total_grad
    return sequential_w, accumulated_w
