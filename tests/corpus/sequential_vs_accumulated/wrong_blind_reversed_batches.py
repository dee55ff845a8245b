# truth: the sequential updates walk the batches backwards (x_batches[::-1]), last batch first
# blind: third batch, labelled before the tutor was run on it
# cause: probe_some_entries
# says: the rows it scans taken in reverse order
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(current, batch):
        x, y = batch
        return current - lr * jax.grad(loss)(current, x, y), None

    sequential_w, _ = lax.scan(step, w, (x_batches[::-1], y_batches[::-1]))
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w
