# truth: wrong sign on the accumulated step, w + lr * sum instead of w - lr * sum
# blind: third batch, labelled before the tutor was run on it
# cause: probe_step_reversed
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    def step(current, batch):
        x, y = batch
        return current - lr * jax.grad(loss)(current, x, y), None

    sequential_w, _ = lax.scan(step, w, (x_batches, y_batches))
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w + lr * jnp.sum(grads)
    return sequential_w, accumulated_w
