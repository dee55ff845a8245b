# truth: uses a Python `if` on the traced gradient inside the lax.scan step (skip zero-gradient batches), which raises a tracer-to-bool error.
# blind: sixth batch, written from the lesson text only, labelled before the tutor ran
# cause: tracer_bool
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(w_cur, batch):
        x, y = batch
        g = jax.grad(loss)(w_cur, x, y)
        if g == 0:  # already at the optimum for this batch: nothing to do
            return w_cur, None
        return w_cur - lr * g, None

    sequential_w, _ = lax.scan(step, w, (x_batches, y_batches))
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w
