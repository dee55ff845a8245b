# truth: averages the batch gradients (jnp.mean, like a mean-reduced loss) instead of summing them, so accumulated_w = w - lr * sum/N, an N times smaller step; sequential_w is correct.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    def step(w_cur, batch):
        x, y = batch
        return w_cur - lr * jax.grad(loss)(w_cur, x, y), None

    sequential_w, _ = lax.scan(step, w, (x_batches, y_batches))

    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.mean(grads)
    return sequential_w, accumulated_w
