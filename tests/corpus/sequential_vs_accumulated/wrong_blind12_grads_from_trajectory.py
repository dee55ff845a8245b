# truth: collects the gradients the sequential scan computes (each taken at the already-updated weight) and sums those for the accumulated step, so accumulated_w comes out equal to sequential_w instead of using gradients all taken at the starting w.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: accumulated_moves_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    def step(w_cur, batch):
        x, y = batch
        g = jax.grad(loss)(w_cur, x, y)
        return w_cur - lr * g, g  # also keep every batch's gradient

    sequential_w, grads = lax.scan(step, w, (x_batches, y_batches))
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w
