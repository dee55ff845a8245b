# truth: sequential_w is a plain Python loop that steps from the current weight batch by batch, and accumulated_w uses the fact that the loss summed over all (N, B) entries is the sum of the batch losses, so one jax.grad over the whole arrays at the starting w equals the sum of the per-batch gradients.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    grad_fn = jax.grad(loss)

    sequential_w = w
    for x, y in zip(x_batches, y_batches):
        sequential_w = sequential_w - lr * grad_fn(sequential_w, x, y)

    # loss sums over every element, so the whole (N, B) array is one big batch
    accumulated_w = w - lr * grad_fn(w, x_batches, y_batches)
    return sequential_w, accumulated_w
