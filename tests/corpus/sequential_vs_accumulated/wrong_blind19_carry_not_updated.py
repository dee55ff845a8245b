# truth: The scan step returns the unchanged carry and emits the updated weight as the per-step output, then takes the last output, so sequential_w is just one step from the start using the last batch only (lesson example gives 0.4 instead of 0.64); correct only when N == 1. accumulated_w is correct.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_some_entries
# says: each call starts again from w
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    w = jnp.asarray(w, dtype=jnp.float32)

    def step(w_c, batch):
        x, y = batch
        new_w = w_c - lr * jax.grad(loss)(w_c, x, y)
        return w_c, new_w

    _, ws = lax.scan(step, w, (x_batches, y_batches))
    sequential_w = ws[-1]

    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w
