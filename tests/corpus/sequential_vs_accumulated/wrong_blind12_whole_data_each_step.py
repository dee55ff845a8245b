# truth: the sequential loop passes all of x_batches/y_batches to the gradient instead of batch i, so it makes N full-data gradient steps (each on the loss summed over every batch) rather than one step per batch; accumulated_w is correct.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: every_batch_each_step
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    n = x_batches.shape[0]

    def body(i, w_cur):
        return w_cur - lr * jax.grad(loss)(w_cur, x_batches, y_batches)

    sequential_w = lax.fori_loop(0, n, body, w)

    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w
