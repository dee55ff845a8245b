# truth: calls jax.vmap(jax.grad(loss)) without in_axes, so vmap also tries to map the scalar weight w along axis 0 and raises a ValueError (w has rank 0) instead of sharing w with in_axes=None.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: vmap_axis_missing
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

    grads = jax.vmap(jax.grad(loss))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w
