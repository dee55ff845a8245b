# truth: in the sequential loop each update is written from the starting w (w - lr * grad at the current weight) instead of from the current weight, so sequential_w is w minus only the last batch's step, taken at the weight after N-1 such restarts; accumulated_w is correct.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: steps_from_the_start
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    grad_fn = jax.grad(loss)

    w_seq = w
    for i in range(x_batches.shape[0]):
        w_seq = w - lr * grad_fn(w_seq, x_batches[i], y_batches[i])

    total = 0.0
    for i in range(x_batches.shape[0]):
        total = total + grad_fn(w, x_batches[i], y_batches[i])
    accumulated_w = w - lr * total
    return w_seq, accumulated_w
