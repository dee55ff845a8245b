# truth: accumulated_w averages the per-batch gradients (jnp.mean) instead of summing them, so it is w - lr * (sum / N); sequential_w is correct, but accumulated_w is off whenever N > 1 (lesson example gives 0.4 instead of 0.8).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_divided_by_size
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    w0 = jnp.asarray(w, dtype=jnp.float32)

    def step(w_c, batch):
        x, y = batch
        return w_c - lr * jax.grad(loss)(w_c, x, y), None

    sequential_w, _ = lax.scan(step, w0, (x_batches, y_batches))

    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w0, x_batches, y_batches)
    accumulated_w = w0 - lr * jnp.mean(grads)
    return sequential_w, accumulated_w
