# truth: right, because a fori_loop carries the current weight through the batches in order, and the accumulated step uses grad of the loss over all batches at once, which (the loss being a sum) equals the sum of the batch gradients at the starting w.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    x_batches = jnp.asarray(x_batches)
    y_batches = jnp.asarray(y_batches)
    grad_fn = jax.grad(loss)

    def body(i, w_cur):
        return w_cur - lr * grad_fn(w_cur, x_batches[i], y_batches[i])

    sequential_w = lax.fori_loop(0, x_batches.shape[0], body, jnp.asarray(w, dtype=jnp.float32))
    # loss sums over every entry, so one grad over the (N, B) arrays is the sum of the N batch gradients
    accumulated_w = w - lr * grad_fn(jnp.asarray(w, dtype=jnp.float32), x_batches, y_batches)
    return sequential_w, accumulated_w
