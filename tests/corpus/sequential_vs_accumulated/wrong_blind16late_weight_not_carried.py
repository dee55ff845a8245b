# truth: In the sequential Python loop each update is computed from the starting w and the result is never fed back, so sequential_w is just w minus lr times the last batch's gradient at the starting weight (accumulated_w is correct).
# blind: sixteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_some_entries
# says: wherever it reads its w_now (so each call starts again from w)
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    grad_fn = jax.grad(loss)

    sequential_w = w
    for x, y in zip(x_batches, y_batches):
        sequential_w = w - lr * grad_fn(w, x, y)

    total = 0.0
    for x, y in zip(x_batches, y_batches):
        total = total + grad_fn(w, x, y)
    accumulated_w = w - lr * total
    return sequential_w, accumulated_w
